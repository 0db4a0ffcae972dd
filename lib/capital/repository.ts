// Reads a company's capital structure, share counts, purchases, raises and the figures it publishes
// itself, and hands them to the pure functions of this folder. The company page, /api/v1, chat and
// the metrics store call these; nothing here computes a figure of its own.
import type { Db } from '../db';
import { AppError } from '../http/errors';
import { comparisonHoldingSources } from '../treasury/flags';
import { dailyCloses, latestOnOrBefore, type Dated, type DailyClose, type SplitWindow } from '../treasury/market-metrics';
import { holdingsSeries, loadBtcDaily, seriesOfFundamentals } from '../treasury/metrics-store';
import { buildKpiInputs } from './inputs';
import type { DatedValue, KpiInputs } from './kpis';
import type { CapitalEventRow } from './issuance';
import type { InstrumentRow } from './stack';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayOrNull = (date: Date | null) => (date ? isoDay(date) : null);

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
export async function loadCapitalData(db: Db, company: CompanyRef & { btcHoldings: number; holdingsAsOf: Date; source: string }, options: { now?: Date; btcDaily?: Dated[] } = {}): Promise<CapitalData> {
  const now = options.now ?? new Date();
  const where = { companyId: company.id };
  const [instruments, counts, events, reportedRows, snapshots, closes, fundamentals, splits, btcDaily] = await Promise.all([
    db.capitalInstrument.findMany({ where, orderBy: { createdAt: 'asc' } }),
    db.shareCount.findMany({ where: { ...where, date: { lte: now } }, orderBy: { date: 'asc' } }),
    db.capitalEvent.findMany({ where }),
    db.companyReportedFigure.findMany({ where: { ...where, date: { lte: now } }, orderBy: { date: 'asc' }, select: { field: true, date: true, value: true, source: true } }),
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
    options.btcDaily ? Promise.resolve(options.btcDaily) : loadBtcDaily(db, now),
  ]);
  const instrumentRows: InstrumentRow[] = instruments.map((row) => ({
    instrumentKey: row.instrumentKey,
    kind: row.kind,
    currency: row.currency,
    issueDate: row.issueDate,
    maturityDate: row.maturityDate,
    ratePct: row.ratePct,
    rateAsOf: dayOrNull(row.rateAsOf),
    amount: row.amount,
    amountBasis: row.amountBasis,
    amountAsOf: dayOrNull(row.amountAsOf),
    conversionRate: row.conversionRate,
    conversionPrice: row.conversionPrice,
    conversionShares: row.conversionShares,
    liquidationPrefPerShare: row.liquidationPrefPerShare,
    sharesOutstanding: row.sharesOutstanding,
    sharesAsOf: dayOrNull(row.sharesAsOf),
    seniority: row.seniority,
    source: row.source,
    notes: row.notes,
  }));
  const eventRows: CapitalEventRow[] = events.map((row) => ({
    id: row.id,
    eventType: row.eventType,
    filingDate: dayOrNull(row.filingDate),
    accession: row.accession,
    periodStart: dayOrNull(row.periodStart),
    periodEnd: dayOrNull(row.periodEnd),
    security: row.security,
    btcAcquired: row.btcAcquired,
    costUsd: row.costUsd,
    avgPriceUsd: row.avgPriceUsd,
    holdingsAfter: row.holdingsAfter,
    holdingsAsOf: dayOrNull(row.holdingsAsOf),
    sharesSold: row.sharesSold,
    notionalUsd: row.notionalUsd,
    netProceedsUsd: row.netProceedsUsd,
    availableAfterUsd: row.availableAfterUsd,
    source: row.source,
    notes: row.notes,
  }));
  const reported = new Map<string, DatedValue[]>();
  for (const row of reportedRows) reported.set(row.field, [...(reported.get(row.field) ?? []), { date: isoDay(row.date), value: row.value, source: row.source }]);
  const history = holdingsSeries(
    snapshots.map((row) => ({ asOf: row.asOf, quantity: row.quantity, source: row.source })),
    company,
  );
  return {
    company: { id: company.id, name: company.name, ticker: company.ticker, exchange: company.exchange },
    instruments: instrumentRows,
    events: eventRows,
    kpi: buildKpiInputs({
      ticker: company.ticker,
      shareCounts: counts.map((row) => ({ date: isoDay(row.date), value: row.value, basis: row.basis, source: row.source })),
      events: eventRows,
      instruments: instrumentRows,
      reportedHoldings: reported.get('btc_holdings') ?? [],
      history,
      btcPrices: btcDaily,
    }),
    reported,
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
