import type { Db } from '../../db';
import { isUniqueViolation } from '@/lib/db/errors';
import type { IngestContext, IngestOutcome, Ingester } from '../types';
import { convertClose, loadRates } from './convert';
import type { Listing } from './listings';
import type { CloseSeries, EquityPriceProvider } from './provider';
import { equityProviders } from './providers';
import { isoDay } from '../../dates';

/** How often the scheduler looks for companies whose turn has come. */
const pricesTickMs = 5 * 60_000;
/** Companies read by one manual run, so a refresh click stays short. */
const manualBatch = 3;
/** At least this many per scheduled run, so one listing the provider refuses does not fail the whole run. */
const scheduledBatch = 5;
/** A company whose read failed is tried again after this long, behind the others. */
const failedRetryMs = 60 * 60_000;
const day = 86_400_000;

const globalForEquity = globalThis as typeof globalThis & { __ingestEquityState?: Map<string, number> };
const checkedAt = () => (globalForEquity.__ingestEquityState ??= new Map());

/** Forgets when each company was last read, as a restart would. */
export function resetEquityPricesState(): void {
  globalForEquity.__ingestEquityState = undefined;
}

const utcDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

interface TrackedCompany extends Listing {
  id: string;
  name: string;
}

/**
 * Daily closes of every listing the configured provider covers, each company once per
 * EQUITY_PRICES_PERIOD_HOURS, spread out like the SEC submissions: a company with no closes gets
 * EQUITY_HISTORY_DAYS of history, then only the days since its newest stored close. Only finished
 * sessions are read (up to yesterday, UTC), so no intraday price is stored as a close. Non-USD
 * closes are converted with the stored FX rate on or before their day (lib/ingest/equity/convert.ts).
 */
export const equityPricesIngester: Ingester = {
  source: 'equity-prices',
  dataSourceKey: 'equity-prices',
  intervalMs: () => pricesTickMs,
  async run(context: IngestContext): Promise<IngestOutcome> {
    const { db, config } = context;
    const provider = equityProviders[config.equity.provider](config);
    const companies: TrackedCompany[] = await db.company.findMany({ select: { id: true, name: true, ticker: true, exchange: true, country: true }, orderBy: { id: 'asc' } });
    const covered: { company: TrackedCompany; symbol: string; currency: string }[] = [];
    const uncovered: string[] = [];
    for (const company of companies) {
      const mapped = provider.symbolFor(company);
      if ('unsupported' in mapped) uncovered.push(`${company.name} (${company.ticker}, ${mapped.unsupported})`);
      else covered.push({ company, ...mapped });
    }
    const notCovered = uncovered.length ? `; ${uncovered.length} listing${uncovered.length === 1 ? '' : 's'} ${provider.source} does not cover: ${uncovered.slice(0, 5).join('; ')}${uncovered.length > 5 ? '; …' : ''}` : '';
    if (covered.length === 0) return { status: 'ok', itemsAdded: 0, message: `No tracked listing is covered by ${provider.source}${notCovered}` };

    const now = context.now();
    const nowMs = now.getTime();
    const state = checkedAt();
    const lastChecked = (id: string) => state.get(id) ?? 0;
    const { periodMs, historyDays } = config.equity;
    const perRun = context.kind === 'manual' ? manualBatch : Math.max(scheduledBatch, Math.ceil((covered.length * pricesTickMs) / periodMs));
    const due = covered
      .filter(({ company }) => nowMs - lastChecked(company.id) >= periodMs)
      .sort((a, b) => lastChecked(a.company.id) - lastChecked(b.company.id))
      .slice(0, perRun);
    if (due.length === 0) return { status: 'ok', itemsAdded: 0, message: `No company is due for a price check${notCovered}` };

    const lastSession = new Date(utcDay(now).getTime() - day);
    const changed: string[] = [];
    const failures: string[] = [];
    let added = 0;
    for (const { company, symbol, currency } of due) {
      const newest = await db.equityPrice.findFirst({ where: { companyId: company.id, source: provider.source }, orderBy: { date: 'desc' }, select: { date: true } });
      const from = newest ? new Date(newest.date.getTime() + day) : new Date(lastSession.getTime() - (historyDays - 1) * day);
      if (from > lastSession) {
        state.set(company.id, nowMs);
        continue;
      }
      let series: CloseSeries;
      try {
        series = await provider.fetchCloses({ symbol, currency, from, to: lastSession });
      } catch (error) {
        failures.push(`${company.name} (${symbol}): ${error instanceof Error ? error.message : String(error)}`);
        state.set(company.id, Math.min(nowMs, nowMs - periodMs + failedRetryMs));
        continue;
      }
      const stored = await storeCloses(db, company.id, provider, series);
      state.set(company.id, nowMs);
      if (stored > 0) {
        added += stored;
        changed.push(company.id);
      }
    }
    if (changed.length > 0) await context.onHoldingsChanged?.(changed);

    const read = due.length - failures.length;
    const lead = `${added} new close${added === 1 ? '' : 's'} from ${provider.source} for ${read} of ${due.length} due compan${due.length === 1 ? 'y' : 'ies'} (up to ${isoDay(lastSession)})`;
    const failed = failures.length ? `; could not read ${failures.slice(0, 3).join('; ')}${failures.length > 3 ? '; …' : ''}` : '';
    return { status: read === 0 ? 'error' : 'ok', itemsAdded: added, message: `${lead}${failed}${notCovered}` };
  },
};

/** Stores the closes not stored yet, with their USD conversion; an existing row is never changed. */
async function storeCloses(db: Db, companyId: string, provider: EquityPriceProvider, series: CloseSeries): Promise<number> {
  if (series.closes.length === 0) return 0;
  const first = series.closes[0]!.date;
  const last = series.closes.at(-1)!.date;
  const existing = await db.equityPrice.findMany({ where: { companyId, source: provider.source, date: { gte: first, lte: last } }, select: { date: true } });
  const known = new Set(existing.map((row) => row.date.getTime()));
  const fresh = series.closes.filter((close) => !known.has(close.date.getTime()));
  if (fresh.length === 0) return 0;
  const ratesByCurrency = new Map<string, Awaited<ReturnType<typeof loadRates>>>();
  for (const currency of new Set(fresh.map((close) => close.currency))) {
    if (currency !== 'USD') ratesByCurrency.set(currency, await loadRates(db, currency, last));
  }
  const rows = fresh.map((close) => ({
      companyId,
      date: close.date,
      close: close.close,
      currency: close.currency,
      ...convertClose(close.close, close.currency, close.date, ratesByCurrency.get(close.currency) ?? []),
      source: provider.source,
      sourceUrl: series.sourceUrl,
      notes: series.notes ?? null,
    }));
  try {
    return (await db.equityPrice.createMany({ data: rows })).count;
  } catch (error) {
    // Another process stored the same closes first.
    if (isUniqueViolation(error)) return 0;
    throw error;
  }
}
