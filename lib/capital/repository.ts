// Reads a company's capital structure, share counts, purchases, raises and the figures it publishes
// itself, and hands them to the pure functions of this folder. The company page, /api/v1, chat and
// the metrics store call these; nothing here computes a figure of its own.
import type { Db } from '../db';
import { AppError } from '../http/errors';
import { comparisonHoldingSources } from '../treasury/flags';
import { dailyCloses, latestOnOrBefore, type DailyClose, type SplitWindow } from '../treasury/market-metrics';
import { holdingsSeries, loadBtcDaily, seriesOfFundamentals } from '../treasury/metrics-store';
import { buildKpiInputs } from './inputs';
import { loadCapitalRows } from './rows';
import type { DatedValue, KpiInputs } from './kpis';
import type { CapitalEventRow } from './issuance';
import type { InstrumentRow } from './stack';
import { isoDay } from '../dates';


export interface CompanyRef {
  id: string;
  name: string;
  ticker: string;
  exchange: string;
}

/** The company of an /api/v1/companies/{id}/… path, resolved as the other company routes resolve it, or a 404. */
export async function companyOrNotFound(db: Db, id: string) {
  const company =
    id.length <= 64
      ? await db.company.findUnique({ where: { id }, select: { id: true, name: true, ticker: true, exchange: true, btcHoldings: true, holdingsAsOf: true, source: true } })
      : null;
  if (!company) throw new AppError('not_found', 'Company not found');
  return company;
}

export interface CapitalData {
  company: CompanyRef;
  instruments: InstrumentRow[];
  events: CapitalEventRow[];
  kpi: KpiInputs;
  /** The company's own published figures by field (Strategy's file), oldest first. */
  reported: Map<string, DatedValue[]>;
  closes: DailyClose[];
  splits: SplitWindow[];
  fundamentals: ReturnType<typeof seriesOfFundamentals>;
}

/** Everything the capital functions need for one company; `fields` limits which published figures are read. */
export async function loadCapitalData(db: Db, company: CompanyRef & { btcHoldings: number; holdingsAsOf: Date; source: string }, options: { now?: Date } = {}): Promise<CapitalData> {
  const now = options.now ?? new Date();
  const where = { companyId: company.id };
  const [capital, snapshots, closes, fundamentals, splits, btcDaily] = await Promise.all([
    loadCapitalRows(db, [company.id], { now }),
    db.holdingSnapshot.findMany({
      where: { ...where, asset: 'BTC', asOf: { lte: now }, quarantined: false, source: { notIn: [...comparisonHoldingSources] } },
      select: { asOf: true, quantity: true, source: true },
      orderBy: [{ asOf: 'asc' }, { createdAt: 'asc' }],
    }),
    db.equityPrice.findMany({ where: { ...where, date: { lte: now } }, select: { date: true, close: true, currency: true, closeUsd: true, source: true }, orderBy: { date: 'asc' } }),
    db.companyFundamental.findMany({
      where: { ...where, asOf: { lte: now } },
      select: { field: true, value: true, unit: true, currency: true, asOf: true, source: true, notes: true },
      orderBy: [{ asOf: 'asc' }, { createdAt: 'asc' }],
    }),
    db.shareSplit.findMany({ where, select: { after: true, before: true, ratio: true, notes: true } }),
    loadBtcDaily(db, now),
  ]);
  const rows = capital.get(company.id)!;
  return {
    company: { id: company.id, name: company.name, ticker: company.ticker, exchange: company.exchange },
    instruments: rows.instruments,
    events: rows.events,
    kpi: buildKpiInputs({
      ticker: company.ticker,
      shareCounts: rows.shareCounts,
      events: rows.events,
      instruments: rows.instruments,
      reportedHoldings: rows.reported.get('btc_holdings') ?? [],
      history: holdingsSeries(snapshots, company),
      btcPrices: btcDaily,
    }),
    reported: rows.reported,
    closes: closes.map((row) => ({ date: isoDay(row.date), close: row.close, currency: row.currency, closeUsd: row.closeUsd, source: row.source })),
    splits: splits.map((row) => ({ after: isoDay(row.after), before: isoDay(row.before), ratio: row.ratio, notes: row.notes })),
    fundamentals: seriesOfFundamentals(fundamentals),
  };
}

/** The latest USD close on or before a day, as a stated value. */
export function latestUsdClose(closes: readonly DailyClose[], date: string): { value: number; asOf: string; source: string } | null {
  const usd = dailyCloses(closes).filter((close) => close.closeUsd !== null);
  const close = latestOnOrBefore(usd, date);
  return close ? { value: close.closeUsd!, asOf: close.date, source: close.source } : null;
}
