import { comparisonHoldingSources } from './flags';
import type { Db } from '../db';
import { computeMarketMetrics, type DailyClose, type Dated, type MarketMetrics, type MnavPoint, type SplitWindow } from './market-metrics';
import { annualisedVolatility, computeMetrics, insiderWindowDays, type ExposureBasis, type MetricName, type RiskInputName } from './metrics';
import { timeSlicer } from '../jobs/time-slice';
import { dialogYields } from '../capital/dialog-yields';
import { buildKpiInputs } from '../capital/inputs';
import { loadCapitalRows, type CapitalRows } from '../capital/rows';

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
  for (const point of history) daily.set(point.at.toISOString().slice(0, 10), point.priceUsd);
  return { ...latest, volatility: annualisedVolatility([...daily.values()]) };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

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

/**
 * Recomputes and stores the metrics of the given companies (all when omitted). Metrics are cached in
 * CompanyMetric so every endpoint reads the same figures cheaply. Call it after holdings, prices,
 * equity prices or fundamentals change — ingesters do so through their `onHoldingsChanged` hook
 * (same signature: the ids of the companies whose inputs changed).
 */
export async function recomputeMetrics(db: Db, options: { companyIds?: readonly string[]; now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const [market, btcDaily] = await Promise.all([loadBtcMarket(db, now), loadBtcDaily(db, now)]);
  const where = options.companyIds ? { id: { in: [...options.companyIds] } } : {};
  const companies = await db.company.findMany({
    where,
    select: {
      id: true,
      ticker: true,
      btcHoldings: true,
      holdingsAsOf: true,
      marketCapUsd: true,
      sharePriceUsd: true,
      sharesOutstanding: true,
      avgCostUsd: true,
      flagged: true,
      secCik: true,
      holdingsSourceUrl: true,
      source: true,
    },
  });
  // Small batches: on SQLite every read runs synchronously, so a batch's rows (a year of closes per
  // company) are read and mapped while nothing else runs; between companies the loop yields too.
  const batchSize = 25;
  const slice = timeSlicer();
  for (let start = 0; start < companies.length; start += batchSize) {
    const batch = companies.slice(start, start + batchSize);
    const ids = batch.map((company) => company.id);
    const [snapshots, closes, fundamentals, splits, trades, capital] = await Promise.all([
      db.holdingSnapshot.findMany({
        // The whole history: windows end at each company's latest reading, and mNAV history spans it all.
        where: { companyId: { in: ids }, asset: 'BTC', asOf: { lte: now }, quarantined: false, source: { notIn: [...comparisonHoldingSources] } },
        select: { companyId: true, asOf: true, quantity: true, source: true },
        orderBy: [{ asOf: 'asc' }, { createdAt: 'asc' }],
      }),
      db.equityPrice.findMany({
        where: { companyId: { in: ids }, date: { lte: now } },
        select: { companyId: true, date: true, close: true, currency: true, closeUsd: true, source: true },
        orderBy: { date: 'asc' },
      }),
      db.companyFundamental.findMany({
        where: { companyId: { in: ids }, asOf: { lte: now } },
        select: { companyId: true, field: true, value: true, unit: true, currency: true, asOf: true, source: true, notes: true, createdAt: true },
        orderBy: [{ asOf: 'asc' }, { createdAt: 'asc' }],
      }),
      db.shareSplit.findMany({ where: { companyId: { in: ids } }, select: { companyId: true, after: true, before: true, ratio: true, notes: true } }),
      db.insiderTransaction.findMany({
        where: { companyId: { in: ids }, transactionDate: { gte: new Date(now.getTime() - insiderWindowDays * day), lte: now } },
        select: { companyId: true, transactionDate: true, shares: true, acquiredDisposed: true },
      }),
      loadCapitalRows(db, ids, { now, fields: ['btc_holdings'] }),
    ]);
    const historyOf = groupBy(snapshots, (row) => row.companyId);
    const tradesOf = groupBy(trades, (row) => row.companyId);
    const closesOf = groupBy(closes, (row) => row.companyId);
    const fundamentalsOf = groupBy(fundamentals, (row) => row.companyId);
    const splitsOf = groupBy(splits, (row) => row.companyId);
    // One company's figures at a time, yielding between them (lib/jobs/time-slice.ts).
    const metricsOf = (company: (typeof batch)[number]) => {
      const holdings = holdingsSeries(historyOf.get(company.id) ?? [], company);
      const figures = computeMarketMetrics({
        closes: (closesOf.get(company.id) ?? []).map(
          (row): DailyClose => ({ date: isoDay(row.date), close: row.close, currency: row.currency, closeUsd: row.closeUsd, source: row.source }),
        ),
        ...seriesOfFundamentals(fundamentalsOf.get(company.id) ?? []),
        splits: (splitsOf.get(company.id) ?? []).map((row): SplitWindow => ({ after: isoDay(row.after), before: isoDay(row.before), ratio: row.ratio, notes: row.notes })),
        holdings,
        btc: btcDaily,
      });
      figures.btcYield = withCapitalYields(figures.btcYield, company.ticker, capital.get(company.id), holdings, btcDaily);
      const latestPoint = figures.history.at(-1) ?? null;
      const metrics = computeMetrics({
        btcHoldings: company.btcHoldings,
        holdingsAsOf: company.holdingsAsOf,
        btcPriceUsd: market.priceUsd,
        btcVolatility: market.volatility,
        marketCapUsd: figures.marketCap.value,
        mNav: figures.mNav.value,
        navUsd: latestPoint?.navUsd ?? null,
        shareVolatility: figures.shareVolatility.value,
        btcBeta: figures.btcBeta.value === null || figures.btcBeta.btcVolatility === null ? null : { beta: figures.btcBeta.value, btcVolatility: figures.btcBeta.btcVolatility },
        leverage: figures.leverage.value,
        btcYield: figures.btcYield[90].value,
        sharesOutstanding: company.sharesOutstanding,
        avgCostUsd: company.avgCostUsd,
        history: historyOf.get(company.id) ?? [],
        insiderTrades: tradesOf.get(company.id) ?? [],
        flagged: company.flagged,
        secRegistrant: Boolean(company.secCik),
        hasSourceDocument: Boolean(company.holdingsSourceUrl),
        now,
      });
      const { defaults, missingInputs, exposureBasis, ...values } = metrics;
      const data = {
        ...values,
        defaults: defaults.join(','),
        computedAt: now,
        ...marketColumns(figures),
        // Stored to 4 decimals (the API rounds premiumToNav to 2 and gives mNav in full).
        premiumToNav: figures.mNav.value ?? values.premiumToNav,
        marketInputs: JSON.stringify({ ...storedFigures(figures), missingInputs, exposureBasis }),
      };
      return { companyId: company.id, data };
    };
    const rows: ReturnType<typeof metricsOf>[] = [];
    for (const company of batch) {
      await slice();
      rows.push(metricsOf(company));
    }
    // One upsert at a time in an interactive transaction, not a batch: Prisma compiles a batch's
    // queries afresh on every call (milliseconds each), where a single query's plan is cached. A busy
    // machine can spend more than the default 5 s on 25 writes, which would abandon the whole recompute.
    await db.$transaction(
      async (tx) => {
        for (const { companyId, data } of rows) await tx.companyMetric.upsert({ where: { companyId }, create: { companyId, ...data }, update: data });
      },
      { timeout: 60_000 },
    );
  }
  return companies.length;
}

/**
 * BTC Yield from the dated share counts of the capital data (assumed diluted where stated; derived
 * between counts from the 8-Ks' sales) where they give a figure, else the market metrics' own.
 */
function withCapitalYields(
  own: MarketMetrics['btcYield'],
  ticker: string,
  rows: CapitalRows | undefined,
  history: readonly Dated[],
  btcDaily: readonly Dated[],
): MarketMetrics['btcYield'] {
  if (!rows?.shareCounts.length) return own;
  const capital = dialogYields(
    buildKpiInputs({ ticker, shareCounts: rows.shareCounts, events: rows.events, instruments: rows.instruments, reportedHoldings: rows.reported.get('btc_holdings') ?? [], history, btcPrices: btcDaily }),
  );
  if (!capital) return own;
  const pick = (days: 30 | 90 | 365) => (capital[days].value !== null || own[days].value === null ? capital[days] : own[days]);
  return { 30: pick(30), 90: pick(90), 365: pick(365) };
}

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

function marketColumns(figures: MarketMetrics) {
  return {
    marketCapUsd: figures.marketCap.value,
    mNavAsOf: figures.asOf ? new Date(`${figures.asOf}T00:00:00Z`) : null,
    evMNav: figures.evMNav.value,
    dilutedMNav: figures.dilutedMNav.value,
    btcPer1000Shares: figures.btcPer1000Shares.value,
    btcYield30: figures.btcYield[30].value,
    btcYield90: figures.btcYield[90].value,
    btcYield365: figures.btcYield[365].value,
    shareVolatility: figures.shareVolatility.value,
    leverage: figures.leverage.value,
    mNavHistory: figures.history.length ? JSON.stringify(figures.history.map((point) => [point.date, point.mNav, point.marketCapUsd, point.navUsd])) : null,
  };
}

const figureKeys = ['marketCap', 'mNav', 'premium', 'evMNav', 'dilutedMNav', 'btcPer1000Shares', 'shareVolatility', 'btcBeta', 'leverage'] as const;
type FigureKey = (typeof figureKeys)[number] | 'btcYield30' | 'btcYield90' | 'btcYield365';
/**
 * What a CompanyMetric row keeps beside its columns. `btcBeta` and `exposureBasis` are absent from rows
 * computed before they existed.
 */
export type StoredFigures = Record<FigureKey, MarketMetrics['mNav']> & { asOf: string | null; missingInputs: RiskInputName[]; exposureBasis?: ExposureBasis | null };

function storedFigures(figures: MarketMetrics): Omit<StoredFigures, 'missingInputs'> {
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

function groupBy<Row>(rows: readonly Row[], key: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

export function parseDefaults(defaults: string): MetricName[] {
  return defaults ? (defaults.split(',') as MetricName[]) : [];
}
