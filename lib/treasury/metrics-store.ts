import type { Db } from '../db';
import type { Dated, MarketMetrics, MnavPoint } from './market-metrics';
import { annualisedVolatility, type ExposureBasis, type MetricName, type RiskInputName } from './metrics';
import { isoDay } from '../dates';

const day = 86_400_000;
const volatilityWindowDays = 90;

export interface BtcMarket {
  priceUsd: number | null;
  pricedAt: Date | null;
  volatility: number | null;
}

/** The latest stored BTC price: all the data endpoints need (one indexed row). */
export async function loadBtcPrice(db: Db, now = new Date()): Promise<{ priceUsd: number | null; pricedAt: Date | null }> {
  const latest = await db.marketPrice.findFirst({ where: { symbol: 'BTC', at: { lte: now } }, orderBy: { at: 'desc' }, select: { priceUsd: true, at: true } });
  return { priceUsd: latest?.priceUsd ?? null, pricedAt: latest?.at ?? null };
}

/** The latest BTC price and its 90-day volatility, from stored prices (for recomputing metrics). */
export async function loadBtcMarket(db: Db, now = new Date()): Promise<BtcMarket> {
  const latest = await loadBtcPrice(db, now);
  if (!latest.priceUsd || !latest.pricedAt) return { priceUsd: null, pricedAt: null, volatility: null };
  const history = await db.marketPrice.findMany({
    where: { symbol: 'BTC', at: { gte: new Date(latest.pricedAt.getTime() - volatilityWindowDays * day), lte: latest.pricedAt } },
    orderBy: { at: 'asc' },
    select: { priceUsd: true, at: true },
  });
  // One price per day (the last of the day), so intraday ticks do not weigh more than days.
  const daily = new Map<string, number>();
  for (const point of history) daily.set(isoDay(point.at), point.priceUsd);
  return { ...latest, volatility: annualisedVolatility([...daily.values()]) };
}


/** Every stored BTC price, one per UTC day (the last of the day), oldest first. */
export async function loadBtcDaily(db: Db, now = new Date()): Promise<Dated[]> {
  const rows = await db.marketPrice.findMany({ where: { symbol: 'BTC', at: { lte: now } }, orderBy: { at: 'asc' }, select: { at: true, priceUsd: true, source: true } });
  const daily = new Map<string, Dated>();
  for (const row of rows) daily.set(isoDay(row.at), { date: isoDay(row.at), value: row.priceUsd, source: row.source });
  return [...daily.values()];
}

const fundamentalSeries = {
  shares_outstanding_basic: 'basicShares',
  shares_outstanding_diluted: 'dilutedShares',
  total_debt: 'debt',
  cash: 'cash',
  preferred_equity: 'preferred',
  market_cap: 'statedMarketCaps',
} as const;

type FundamentalRow = { field: string; value: number; unit: string; currency: string | null; asOf: Date; source: string; notes: string | null };

export function seriesOfFundamentals(rows: readonly FundamentalRow[]) {
  const series = { basicShares: [], dilutedShares: [], debt: [], cash: [], preferred: [], statedMarketCaps: [] } as Record<
    (typeof fundamentalSeries)[keyof typeof fundamentalSeries],
    Dated[]
  >;
  for (const row of rows) {
    const key = fundamentalSeries[row.field as keyof typeof fundamentalSeries];
    // Amounts enter USD formulas: one in another currency (0434.HK's HKD debt) is not added to a USD
    // market cap unconverted; the EV figure then names the input as missing.
    if (row.unit === 'amount' && row.currency && row.currency !== 'USD') continue;
    // Rows arrive oldest first; on one date the first stored row stands (never overwritten).
    if (key && series[key].at(-1)?.date !== isoDay(row.asOf)) series[key].push({ date: isoDay(row.asOf), value: row.value, source: row.source, notes: row.notes });
  }
  return series;
}

/** The holdings readings, plus the company's current figure on its date when no snapshot has it. */
export function holdingsSeries(rows: readonly { asOf: Date; quantity: number; source: string }[], company: { btcHoldings: number; holdingsAsOf: Date; source: string }): Dated[] {
  const daily = new Map<string, Dated>();
  for (const row of rows) daily.set(isoDay(row.asOf), { date: isoDay(row.asOf), value: row.quantity, source: row.source });
  const current = isoDay(company.holdingsAsOf);
  if (!daily.has(current) && [...daily.keys()].every((date) => date < current)) daily.set(current, { date: current, value: company.btcHoldings, source: company.source });
  return [...daily.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

const figureKeys = ['marketCap', 'mNav', 'premium', 'evMNav', 'dilutedMNav', 'btcPer1000Shares', 'shareVolatility', 'btcBeta', 'leverage'] as const;
type FigureKey = (typeof figureKeys)[number] | 'btcYield30' | 'btcYield90' | 'btcYield365';
/**
 * What a CompanyMetric row keeps beside its columns. `btcBeta` and `exposureBasis` are absent from rows
 * computed before they existed.
 */
export type StoredFigures = Record<FigureKey, MarketMetrics['mNav']> & { asOf: string | null; missingInputs: RiskInputName[]; exposureBasis?: ExposureBasis | null };

export function storedFigures(figures: MarketMetrics): Omit<StoredFigures, 'missingInputs'> {
  const stored = { asOf: figures.asOf } as Omit<StoredFigures, 'missingInputs'>;
  for (const key of figureKeys) stored[key] = figures[key];
  stored.btcYield30 = figures.btcYield[30];
  stored.btcYield90 = figures.btcYield[90];
  stored.btcYield365 = figures.btcYield[365];
  return stored;
}

/** The stored figures of a CompanyMetric row (null when computed before market metrics existed). */
export function parseMarketInputs(json: string | null | undefined): StoredFigures | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as StoredFigures;
  } catch {
    return null;
  }
}

export function parseMnavHistory(json: string | null | undefined): MnavPoint[] {
  if (!json) return [];
  try {
    return (JSON.parse(json) as [string, number, number, number][]).map(([date, mNav, marketCapUsd, navUsd]) => ({ date, mNav, marketCapUsd, navUsd }));
  } catch {
    return [];
  }
}

export function parseDefaults(defaults: string): MetricName[] {
  return defaults ? (defaults.split(',') as MetricName[]) : [];
}
