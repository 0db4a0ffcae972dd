import type { CachePolicy } from '../cache/response-cache';
import type { Db } from '../db';
import { cachedValue } from '../web/cached-read';
import { confirmedCompanyWhere, getDashboardStats, getHealthDistribution, getSectorAllocation, listDiscoveries, listHoldings } from '../treasury/repository';
import { readIngestConfig } from '../data-sources/config';
import { percentChange } from '../market/percent-change';
import { refreshReads, type DataLatest, type RefreshStats } from './refresh';
import { companyMarketCap } from '../market/market-cap';
import { loadSourceStates } from '../data-sources/state';
import { describeDataAge } from './data-age';
import { toHoldingRow } from './holding-row';
import { runStressTests, type StressHolding } from '../treasury/stress-test';

// Server side of the dashboard's first paint. Client components import only types from here.

const day = 86_400_000;

export type DashboardStats = Awaited<ReturnType<typeof getDashboardStats>>;
export type DiscoveryRecord = Awaited<ReturnType<typeof listDiscoveries>>[number];
export type SectorAllocationRow = Awaited<ReturnType<typeof getSectorAllocation>>[number];
export type HealthDistribution = Awaited<ReturnType<typeof getHealthDistribution>>;

/** BTC's day and week moves from the stored prices before the latest one. */
export async function loadBtcMoves(db: Db, now = new Date()) {
  const latest = await db.marketPrice.findFirst({ where: { symbol: 'BTC', at: { lte: now } }, orderBy: { at: 'desc' }, select: { at: true, priceUsd: true } });
  if (!latest) return { priceUsd: null, pricedAt: null, dayChange: null, weekChange: null };
  const before = (ms: number) =>
    db.marketPrice.findFirst({ where: { symbol: 'BTC', at: { lte: new Date(latest.at.getTime() - ms) } }, orderBy: { at: 'desc' }, select: { priceUsd: true } });
  const [dayAgo, weekAgo] = await Promise.all([before(day), before(7 * day)]);
  return {
    priceUsd: latest.priceUsd,
    pricedAt: latest.at.toISOString(),
    dayChange: percentChange({ from: dayAgo?.priceUsd, to: latest.priceUsd }),
    weekChange: percentChange({ from: weekAgo?.priceUsd, to: latest.priceUsd }),
  };
}

export type BtcMoves = Awaited<ReturnType<typeof loadBtcMoves>>;

/** Every counted company's holdings, average cost and market cap (derived from share price when not stored). */
async function loadStressHoldings(db: Db): Promise<StressHolding[]> {
  const companies = await db.company.findMany({ where: confirmedCompanyWhere, select: { btcHoldings: true, avgCostUsd: true, marketCapUsd: true, sharePriceUsd: true, sharesOutstanding: true } });
  return companies.map((company) => ({
    btcHoldings: company.btcHoldings,
    avgCostUsd: company.avgCostUsd,
    marketCap: companyMarketCap(company),
  }));
}

/**
 * How old the newest stored data is, and why (the dashboard's notice). The data the dashboard's
 * figures are built on: confirmed holdings readings and the BTC price (a figure claimed in chat today
 * does not make the data current).
 */
async function loadDataAge(db: Db, now: Date) {
  const [holdings, price, sources] = await Promise.all([
    // The newest row through the asOf index, not max(): the aggregate joins every snapshot to its company.
    db.holdingSnapshot.findFirst({ where: { quarantined: false, asOf: { lte: now }, company: confirmedCompanyWhere }, orderBy: { asOf: 'desc' }, select: { asOf: true } }),
    db.marketPrice.aggregate({ where: { symbol: 'BTC', at: { lte: now } }, _max: { at: true } }),
    loadSourceStates(db, now),
  ]);
  return describeDataAge({
    now,
    newest: [holdings?.asOf ?? null, price._max.at],
    ingestEnabled: readIngestConfig().enabled,
    liveSources: sources.filter((source) => liveSourceKeys.includes(source.key)),
  });
}

/** The sources whose outage the data-age notice reports. */
const liveSourceKeys = ['sec-filings', 'market-prices'];

/**
 * The technical detail behind the notice's failing sources, for an admin's page only: read per request,
 * never into the first paint every subscriber shares.
 */
export async function loadFailingSourceDetails(db: Db, keys: string[]): Promise<{ key: string; name: string; technicalDetail: string }[]> {
  if (keys.length === 0) return [];
  const states = await loadSourceStates(db);
  return states.filter((source) => keys.includes(source.key)).map(({ key, name, technicalDetail }) => ({ key, name, technicalDetail }));
}

/** Everything the dashboard's first paint needs, read in parallel. */
export async function loadDashboard(db: Db, now = new Date()) {
  const [holdings, stats, distribution, sectors, discoveries, btc, recentChanges, exposures, dataAge] = await Promise.all([
    listHoldings(db, { limit: 100, offset: 0 }, now),
    getDashboardStats(db, now),
    getHealthDistribution(db),
    getSectorAllocation(db),
    listDiscoveries(db, { limit: 5 }),
    loadBtcMoves(db, now),
    db.holdingChange.findMany({ where: { learnedAt: { gte: new Date(now.getTime() - day) } }, select: { companyId: true }, distinct: ['companyId'] }),
    loadStressHoldings(db),
    loadDataAge(db, now),
  ]);
  return {
    // What the page's table, top-five card and signal panel read; the whole records would triple the HTML.
    holdings: holdings.map(toHoldingRow),
    stats,
    distribution,
    sectors,
    discoveries,
    btc,
    stress: btc.priceUsd ? { btcPriceUsd: btc.priceUsd, companies: exposures.length, results: runStressTests(exposures, btc.priceUsd) } : null,
    recentChangeIds: recentChanges.map((change) => change.companyId),
    dataAge,
    now: now.toISOString(),
  };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;

/** What the first paint is read from; like the hot reads, at most 5 s old for what moves with the clock alone. */
const dashboardPagePolicy = {
  tables: ['Company', 'CompanyMetric', 'Signal', 'MarketPrice', 'HoldingChange', 'HoldingSnapshot', 'DataSource', 'Discovery'],
  ttlMs: 5_000,
} as const satisfies CachePolicy;

/**
 * The dashboard's first paint computed once per data change (the response cache drops it when a
 * committed write touches one of its tables, in any process), not once per page load: on a phone the
 * server's time before the first byte is time before the first paint (issue 15).
 */
export async function loadDashboardCached(db: Db): Promise<DashboardData> {
  return cachedValue({ key: 'dashboard-page', policy: dashboardPagePolicy, compute: () => loadDashboard(db) });
}

export interface RefreshStatus {
  dataLatest: DataLatest;
  refreshStats: RefreshStats;
}

/**
 * The refresh line's figures for the signed-in user ("Updated 2m ago · 100 refreshes left today"),
 * from the cache entries its polls of /api/data/latest and /api/refresh/stats read: in the first
 * paint, instead of "Checking for updates..." and two fetches started with every other effect.
 */
export async function loadRefreshStatus(db: Db, userId: string): Promise<RefreshStatus> {
  const [dataLatest, refreshStats] = await Promise.all([cachedValue(refreshReads.dataLatest(db, userId)), cachedValue(refreshReads.refreshStats(db, userId))]);
  return { dataLatest, refreshStats };
}
