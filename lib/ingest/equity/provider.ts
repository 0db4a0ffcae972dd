import type { IngestConfig } from '../../data-sources/config';
import type { Listing, SymbolResult } from './listings';
import { isoDay } from '../../dates';

// A daily-close provider. A second provider is a new module implementing this interface and one
// line in `equityProviders` (lib/ingest/equity/providers.ts); the ingester does not change.

export interface DailyClose {
  /** Trading day in the exchange's own calendar, as UTC midnight. */
  date: Date;
  /** In `currency`, major units (pence and other minor units already divided out). */
  close: number;
  currency: string;
}

export interface CloseSeries {
  closes: DailyClose[];
  /** The public page or file a reader can open to check the figures (no keys in it). */
  sourceUrl: string;
  /** What the stored rows should say about how the provider gives closes (e.g. split adjustment). */
  notes?: string;
}

export interface CloseRequest {
  symbol: string;
  /** The currency our listing table expects, used when the provider does not say. */
  currency: string;
  /** First and last trading day wanted (UTC midnight, inclusive). */
  from: Date;
  to: Date;
}

export interface EquityPriceProvider {
  /** EquityPrice.source of the rows it yields. */
  source: string;
  symbolFor(listing: Listing): SymbolResult;
  /** Throws HttpError on a refused request; returns an empty series when the symbol has no closes in the window. */
  fetchCloses(request: CloseRequest): Promise<CloseSeries>;
}

export type EquityProviderFactory = (config: IngestConfig) => EquityPriceProvider;

/**
 * Minor currency units some providers quote in (London in pence as "GBp"/"GBX", Johannesburg
 * "ZAc", Tel Aviv "ILA"): the major-unit code and the divisor.
 */
const minorUnits: Readonly<Record<string, { currency: string; divisor: number }>> = {
  GBp: { currency: 'GBP', divisor: 100 },
  GBX: { currency: 'GBP', divisor: 100 },
  ZAc: { currency: 'ZAR', divisor: 100 },
  ILA: { currency: 'ILS', divisor: 100 },
};

export function toMajorUnits(close: number, currency: string): { close: number; currency: string } {
  const minor = minorUnits[currency];
  if (!minor) return { close, currency: currency.toUpperCase() };
  return { close: Number((close / minor.divisor).toPrecision(12)), currency: minor.currency };
}


// Building an Intl.DateTimeFormat costs far more than formatting with one: one per zone, reused
// for every close of a year-long chart.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The trading day of an instant in an exchange's time zone (IANA name), as UTC midnight. */
export function tradingDay(epochSeconds: number, timeZone: string | undefined, gmtOffsetSeconds: number | undefined): Date {
  const instant = new Date(epochSeconds * 1000);
  if (timeZone) {
    try {
      const local = dayFormat(timeZone).format(instant);
      return new Date(`${local}T00:00:00Z`);
    } catch {
      // An unknown zone name: fall back to the fixed offset.
    }
  }
  return new Date(`${isoDay(new Date(instant.getTime() + (gmtOffsetSeconds ?? 0) * 1000))}T00:00:00Z`);
}
