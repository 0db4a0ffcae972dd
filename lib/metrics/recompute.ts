import type { Db } from '../db';
import { dialogYields } from '../capital/dialog-yields';
import { buildKpiInputs } from '../capital/inputs';
import { loadCapitalRows, type CapitalRows } from '../capital/rows';
import { timeSlicer } from '../jobs/time-slice';
import { comparisonHoldingSources } from '../treasury/flags';
import { computeMarketMetrics, type DailyClose, type Dated, type MarketMetrics, type SplitWindow } from '../treasury/market-metrics';
import { computeMetrics, insiderWindowDays } from '../treasury/metrics';
import { holdingsSeries, loadBtcDaily, loadBtcMarket, seriesOfFundamentals, storedFigures } from '../treasury/metrics-store';
import { isoDay } from '../dates';

// Every company's stored metrics from its stored inputs: the market figures of lib/treasury and the
// BTC Yield of the capital data, in one CompanyMetric row a company.

const day = 86_400_000;

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

