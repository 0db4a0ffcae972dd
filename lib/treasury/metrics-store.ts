import type { Db } from '../db';
import { annualisedVolatility, computeMetrics, convictionWindowDays, insiderWindowDays, type MetricName } from './metrics';

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

/**
 * Recomputes and stores the metrics of the given companies (all when omitted). Metrics are cached in
 * CompanyMetric so every endpoint reads the same figures cheaply; call this after holdings or prices change.
 */
export async function recomputeMetrics(db: Db, options: { companyIds?: readonly string[]; now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const market = await loadBtcMarket(db, now);
  const where = options.companyIds ? { id: { in: [...options.companyIds] } } : {};
  const companies = await db.company.findMany({
    where,
    select: {
      id: true,
      btcHoldings: true,
      holdingsAsOf: true,
      marketCapUsd: true,
      sharePriceUsd: true,
      sharesOutstanding: true,
      avgCostUsd: true,
      flagged: true,
      secCik: true,
      holdingsSourceUrl: true,
    },
  });
  const batchSize = 200;
  for (let start = 0; start < companies.length; start += batchSize) {
    const batch = companies.slice(start, start + batchSize);
    const ids = batch.map((company) => company.id);
    const [snapshots, trades] = await Promise.all([
      db.holdingSnapshot.findMany({
        // Windows end at each company's latest reading; two years back covers any window's start.
        where: { companyId: { in: ids }, asset: 'BTC', asOf: { gte: new Date(now.getTime() - 2 * convictionWindowDays * day), lte: now } },
        select: { companyId: true, asOf: true, quantity: true },
        orderBy: [{ asOf: 'asc' }, { createdAt: 'asc' }],
      }),
      db.insiderTransaction.findMany({
        where: { companyId: { in: ids }, transactionDate: { gte: new Date(now.getTime() - insiderWindowDays * day), lte: now } },
        select: { companyId: true, transactionDate: true, shares: true, acquiredDisposed: true },
      }),
    ]);
    const historyOf = groupBy(snapshots, (row) => row.companyId);
    const tradesOf = groupBy(trades, (row) => row.companyId);
    await db.$transaction(
      batch.map((company) => {
        const marketCapUsd =
          company.marketCapUsd ?? (company.sharePriceUsd && company.sharesOutstanding ? company.sharePriceUsd * company.sharesOutstanding : null);
        const metrics = computeMetrics({
          btcHoldings: company.btcHoldings,
          holdingsAsOf: company.holdingsAsOf,
          btcPriceUsd: market.priceUsd,
          btcVolatility: market.volatility,
          marketCapUsd,
          sharesOutstanding: company.sharesOutstanding,
          avgCostUsd: company.avgCostUsd,
          history: historyOf.get(company.id) ?? [],
          insiderTrades: tradesOf.get(company.id) ?? [],
          flagged: company.flagged,
          secRegistrant: Boolean(company.secCik),
          hasSourceDocument: Boolean(company.holdingsSourceUrl),
          now,
        });
        const { defaults, ...values } = metrics;
        const data = { ...values, defaults: defaults.join(','), computedAt: now };
        return db.companyMetric.upsert({ where: { companyId: company.id }, create: { companyId: company.id, ...data }, update: data });
      }),
    );
  }
  return companies.length;
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
