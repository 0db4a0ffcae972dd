import { db } from '@/lib/db';
import { resetDatabase } from '@/test/support/database';
import { listHoldings } from '@/lib/treasury/repository';
import { toHoldingRow } from './holding-row';
import { getDataLatest, getRefreshStats } from '@/lib/dashboard/refresh';
import { loadBtcMoves, loadDashboard, loadDashboardCached, loadRefreshStatus } from './repository';

// The dashboard's first paint on a real database: BTC moves from stored prices, recent holdings
// changes, and stress tests that agree with the stats.

const now = new Date('2026-11-25T12:00:00.000Z');
const day = 86_400_000;

beforeEach(resetDatabase);
afterAll(() => db.$disconnect());

async function company(name: string, btcHoldings: number, extra: { avgCostUsd?: number; marketCapUsd?: number } = {}) {
  return db.company.create({ data: { name, ticker: name.slice(0, 4).toUpperCase(), exchange: 'NASDAQ', sector: 'Financial', btcHoldings, holdingsAsOf: new Date(now.getTime() - 3 * day), source: 'test filing', ...extra } });
}

async function price(daysAgo: number, priceUsd: number) {
  await db.marketPrice.create({ data: { symbol: 'BTC', priceUsd, at: new Date(now.getTime() - daysAgo * day), source: 'test' } });
}

it('reads the day and week BTC moves from the stored prices before the latest', async () => {
  await price(8, 80_000);
  await price(7, 90_000);
  await price(1.5, 98_000);
  await price(0, 100_000);
  const moves = await loadBtcMoves(db, now);
  expect(moves.priceUsd).toBe(100_000);
  expect(moves.dayChange).toBeCloseTo(((100_000 - 98_000) / 98_000) * 100);
  expect(moves.weekChange).toBeCloseTo(((100_000 - 90_000) / 90_000) * 100);
});

it('has no moves without prices', async () => {
  expect(await loadBtcMoves(db, now)).toEqual({ priceUsd: null, pricedAt: null, dayChange: null, weekChange: null });
});

it('loads holdings, recent changes and stress tests that agree with the stats', async () => {
  await price(0, 100_000);
  const big = await company('Bigco', 1000, { avgCostUsd: 50_000, marketCapUsd: 150_000_000 });
  const small = await company('Smallco', 10, { avgCostUsd: 95_000 });
  await db.holdingChange.create({ data: { companyId: small.id, oldQuantity: 5, newQuantity: 10, source: 'test filing', learnedAt: new Date(now.getTime() - 2 * 3_600_000) } });
  await db.holdingChange.create({ data: { companyId: big.id, oldQuantity: 900, newQuantity: 1000, source: 'test filing', learnedAt: new Date(now.getTime() - 3 * day) } });

  const data = await loadDashboard(db, now);
  expect(data.holdings.map((holding) => holding.name)).toEqual(['Bigco', 'Smallco']);
  expect(data.recentChangeIds).toEqual([small.id]);
  expect(data.stats.trackedCompanies).toBe(2);
  expect(data.stress?.companies).toBe(2);
  const [down20, , down60, up50] = data.stress!.results;
  expect(down20!.totalValueUsd).toBeCloseTo(data.stats.totalBitcoinValue * 0.8);
  expect(down20).toMatchObject({ belowCostBasis: 1, costBasisKnown: 2, marketCapKnown: 1, mnavBelowOne: 0 });
  expect(down60).toMatchObject({ belowCostBasis: 2 });
  // 150M against 1000 BTC at 150k = 1.0 → not below 1
  expect(up50).toMatchObject({ belowCostBasis: 0, mnavBelowOne: 0 });
});

it('hands the page the rows the browser makes of /api/treasury/holdings: what the table shows, with dates, sources and reasons', async () => {
  await price(0, 100_000);
  await company('Bigco', 1000, { avgCostUsd: 50_000, marketCapUsd: 150_000_000 });
  await company('Smallco', 10);
  const data = await loadDashboard(db, now);
  // The same mapping as the browser's poll (lib/dashboard/client.ts), so both fill one cache entry.
  const records = await listHoldings(db, { limit: 100, offset: 0 }, now);
  expect(data.holdings).toEqual(records.map(toHoldingRow));

  const [bigco, smallco] = data.holdings;
  expect(bigco).toMatchObject({ name: 'Bigco', btcHoldings: 1000, countedInTotals: true, flagged: false, holdingsConfirmed: true });
  expect(bigco!.latest).toEqual({ asOf: new Date(now.getTime() - 3 * day).toISOString(), source: 'test filing', currentValue: 100_000_000 });
  // No share price or market cap: mNAV is unknown and says why, never 0.
  expect(smallco!.metrics.mNav).toBeNull();
  expect(smallco!.metrics.mNavReason).toEqual(expect.any(String));
  // Only what the table, the top-five card and the quick filters read travels in the page.
  expect(Object.keys(bigco!).sort()).toEqual(
    ['activeSignals', 'btcHoldings', 'countedInTotals', 'exchange', 'flagCheck', 'flagReason', 'flagged', 'holdingsConfirmed', 'id', 'latest', 'metrics', 'name', 'sector', 'slug', 'ticker'].sort(),
  );
  expect(JSON.stringify(data.holdings).length).toBeLessThan(JSON.stringify(records).length / 2);
});

it('serves the first paint once per data change: the same snapshot until a write to its tables commits', async () => {
  await price(0, 100_000);
  const bigco = await company('Bigco', 1000, { avgCostUsd: 50_000, marketCapUsd: 150_000_000 });
  const first = await loadDashboardCached(db);
  // A snapshot of what loadDashboard computes, JSON-safe (the cache stores it serialized).
  const fresh = await loadDashboard(db);
  expect(first).toEqual({ ...JSON.parse(JSON.stringify(fresh)), now: first.now, dataAge: first.dataAge });
  expect((await loadDashboardCached(db)).now).toBe(first.now);

  await db.company.update({ where: { id: bigco.id }, data: { btcHoldings: 1500 } });
  const after = await loadDashboardCached(db);
  expect(after.holdings[0]!.btcHoldings).toBe(1500);
  expect(after.stats.totalBitcoin).toBe(1500);
});

it("puts the refresh line's figures in the first paint, from the entries the polls of /api/data/latest and /api/refresh/stats read", async () => {
  await price(0, 100_000);
  await company('Bigco', 1000);
  const userId = 'user-without-refreshes';
  const status = await loadRefreshStatus(db, userId);
  expect(status.dataLatest).toEqual(JSON.parse(JSON.stringify(await getDataLatest(db, userId))));
  expect(status.refreshStats).toEqual(await getRefreshStats(db, userId));
  expect(status.refreshStats.dailyRefreshes).toBe(0);
  // A manual refresh is a write to RefreshLog: the next page load counts it.
  await db.refreshLog.create({ data: { userId, kind: 'manual', status: 'success', startedAt: new Date() } });
  expect((await loadRefreshStatus(db, userId)).refreshStats.dailyRefreshes).toBe(1);
});
