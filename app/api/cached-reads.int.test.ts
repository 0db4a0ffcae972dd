import { SessionRowCache } from '@/lib/auth/session-cache';
import { ResponseCache } from '@/lib/cache/response-cache';
import { processTableChanges, TableChanges } from '@/lib/cache/table-changes';
import { db } from '@/lib/db';
import { createBus, MemoryBus, RedisBus, type EventBus } from '@/lib/realtime/bus';
import { call } from '@/test/support/http';
import { entitledUserOnSeed, registeredUser } from '@/test/support/users';
import { getDataLatest, getRefreshStats } from '@/lib/dashboard/refresh';
import { listSignals } from '@/lib/signals/repository';
import { getDashboardStats, getMarketData, listHoldings } from '@/lib/treasury/repository';
import { POST as logout } from './auth/logout/route';
import { GET as dashboardStats } from './dashboard/stats/route';
import { GET as dataLatest } from './data/latest/route';
import { POST as refresh } from './data/refresh/route';
import { GET as health } from './health/route';
import { GET as marketData } from './market-data/route';
import { GET as refreshStats } from './refresh/stats/route';
import { GET as signals } from './signals/route';
import { GET as holdings } from './treasury/holdings/route';

// Issue 15: the dashboard's polled reads come from a cache that every committed write to their
// tables empties (in this process at once, in the others through the bus), answer 304 to a poller
// that holds the current body, and still check the session and entitlement on every request.

const { jar: analyst, account } = entitledUserOnSeed();

const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

async function until(check: () => Promise<boolean>, ms = 1000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a cached read answers what the uncached read computes', () => {
  const reads = [
    ['/api/treasury/holdings', holdings, () => listHoldings(db, { limit: 100, offset: 0 })],
    ['/api/treasury/holdings?limit=5&offset=3', holdings, () => listHoldings(db, { limit: 5, offset: 3 })],
    ['/api/signals', signals, async () => (await listSignals(db, { limit: 50 })).signals],
    ['/api/signals?severity=critical&limit=3', signals, async () => (await listSignals(db, { severity: 'critical', limit: 3 })).signals],
    ['/api/dashboard/stats', dashboardStats, () => getDashboardStats(db)],
    ['/api/data/latest', dataLatest, () => getDataLatest(db, account.id)],
    ['/api/market-data', marketData, () => getMarketData(db)],
    ['/api/refresh/stats', refreshStats, () => getRefreshStats(db, account.id)],
  ] as const;

  it.each(reads)('GET %s, twice, with a strong ETag', async (path, handler, uncached) => {
    const first = await call(handler, path, { jar: analyst });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json');
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.json).toEqual(plain(await uncached()));
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const second = await call(handler, path, { jar: analyst });
    expect(second.text).toBe(first.text);
    expect(second.headers.get('etag')).toBe(etag);
  });

  it('keeps the next page’s cursor headers of /api/signals', async () => {
    const uncached = await listSignals(db, { limit: 2 });
    for (let round = 0; round < 2; round += 1) {
      const response = await call(signals, '/api/signals?limit=2', { jar: analyst });
      expect(response.headers.get('x-next-cursor')).toBe(uncached.nextCursor);
      expect(response.headers.get('link')).toBe(`</api/signals?limit=2&cursor=${encodeURIComponent(uncached.nextCursor!)}>; rel="next"`);
    }
  });

  it('answers each user their own refresh allowance', async () => {
    const { jar: other, id: otherId } = await registeredUser(true);
    await call(refresh, '/api/data/refresh', { jar: other, method: 'POST' });
    expect((await call(refreshStats, '/api/refresh/stats', { jar: other })).json).toEqual(plain(await getRefreshStats(db, otherId)));
    expect((await call(refreshStats, '/api/refresh/stats', { jar: analyst })).json).toEqual(plain(await getRefreshStats(db, account.id)));
    expect((await call(dataLatest, '/api/data/latest', { jar: other })).json.refreshStats.dailyRefreshes).toBe(1);
  });
});

describe('If-None-Match', () => {
  it.each([
    ['/api/treasury/holdings', holdings],
    ['/api/signals?severity=critical', signals],
    ['/api/dashboard/stats', dashboardStats],
    ['/api/data/latest', dataLatest],
    ['/api/market-data', marketData],
    ['/api/refresh/stats', refreshStats],
  ] as const)('GET %s answers 304 without a body for the current ETag, 200 for another', async (path, handler) => {
    const { headers } = await call(handler, path, { jar: analyst });
    const etag = headers.get('etag')!;
    const notModified = await call(handler, path, { jar: analyst, headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.get('etag')).toBe(etag);
    expect(notModified.headers.get('cache-control')).toBe('private, no-cache');
    expect((await call(handler, path, { jar: analyst, headers: { 'if-none-match': '"elsewhere"' } })).status).toBe(200);
  });

  it('is still checked against the session: a stale cookie gets 401, not 304', async () => {
    const { headers } = await call(dashboardStats, '/api/dashboard/stats', { jar: analyst });
    const response = await call(dashboardStats, '/api/dashboard/stats', { headers: { 'if-none-match': headers.get('etag')! } });
    expect(response.status).toBe(401);
  });

  it('works for /api/health too', async () => {
    const first = await health(new Request('http://localhost/api/health'), undefined);
    const etag = first.headers.get('etag')!;
    const again = await health(new Request('http://localhost/api/health', { headers: { 'if-none-match': etag } }), undefined);
    // Its body carries the time to the second: within the same second it is the same body.
    expect([200, 304]).toContain(again.status);
    if (again.status === 200) expect(again.headers.get('etag')).not.toBe(etag);
  });
});

describe('a committed write empties what it changed', () => {
  it('a new signal is in the next /api/signals and dashboard stats', async () => {
    const before = await call(signals, '/api/signals', { jar: analyst });
    const stats = await call(dashboardStats, '/api/dashboard/stats', { jar: analyst });
    const created = await db.signal.create({
      data: { sourceId: `cache-test-${Date.now()}`, companyName: 'Cache Test Corp', description: 'A signal written by the cache test', source: 'test', detectedAt: new Date(), confidence: 80, signalType: 'pre-pump', severity: 'critical' },
    });
    const after = await call(signals, '/api/signals', { jar: analyst, headers: { 'if-none-match': before.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(after.json[0].id).toBe(created.id);
    const statsAfter = await call(dashboardStats, '/api/dashboard/stats', { jar: analyst });
    expect(statsAfter.json.totalActiveSignals).toBe(stats.json.totalActiveSignals + 1);
    expect(statsAfter.json.prePumpAlerts).toBe(stats.json.prePumpAlerts + 1);
  });

  it('a new price is in the next /api/market-data and holdings', async () => {
    await call(marketData, '/api/market-data', { jar: analyst });
    await call(holdings, '/api/treasury/holdings', { jar: analyst });
    await db.marketPrice.create({ data: { symbol: 'BTC', priceUsd: 123_456.78, at: new Date(Date.now() - 1000), source: 'test' } });
    expect((await call(marketData, '/api/market-data', { jar: analyst })).json.bitcoin.price).toBe(123_456.78);
    const [largest] = (await call(holdings, '/api/treasury/holdings', { jar: analyst })).json;
    expect(largest.holdings[0].currentValue).toBeCloseTo(largest.btcHoldings * 123_456.78);
  });

  it('a refresh run is in the next /api/refresh/stats', async () => {
    const before = (await call(refreshStats, '/api/refresh/stats', { jar: analyst })).json.dailyRefreshes;
    expect((await call(refresh, '/api/data/refresh', { jar: analyst, method: 'POST' })).status).toBe(200);
    expect((await call(refreshStats, '/api/refresh/stats', { jar: analyst })).json.dailyRefreshes).toBe(before + 1);
  });

  it('a data source written in a transaction is in the next /api/data/latest once it commits', async () => {
    await call(dataLatest, '/api/data/latest', { jar: analyst });
    const at = new Date(Date.now() + 60_000);
    await db.$transaction(async (tx) => {
      await tx.dataSource.update({ where: { key: 'market-prices' }, data: { lastSuccessAt: at, lastError: 'cache test' } });
    });
    const latest = (await call(dataLatest, '/api/data/latest', { jar: analyst })).json;
    expect(latest.lastUpdated).toBe(at.toISOString());
    // Each source's state as every screen derives it; the raw error is an admin's (issue 27).
    const market = latest.sources.find((source: { key: string }) => source.key === 'market-prices');
    expect(market).toMatchObject({ state: 'live', lastSuccessAt: at.toISOString() });
    expect(market).not.toHaveProperty('lastError');
  });
});

describe('sessions and entitlement', () => {
  it('sign-out refuses a copy of the cookie on the very next request', async () => {
    const { jar } = await registeredUser(true);
    const copy = jar.clone();
    expect((await call(dashboardStats, '/api/dashboard/stats', { jar: copy })).status).toBe(200);
    expect((await call(logout, '/api/auth/logout', { jar, method: 'POST' })).status).toBe(200);
    expect((await call(dashboardStats, '/api/dashboard/stats', { jar: copy })).status).toBe(401);
  });

  it('losing the entitlement answers 403 on the very next request', async () => {
    const { jar, id } = await registeredUser(true);
    expect((await call(holdings, '/api/treasury/holdings', { jar })).status).toBe(200);
    await db.user.update({ where: { id }, data: { betaAccess: false } });
    expect((await call(holdings, '/api/treasury/holdings', { jar })).status).toBe(403);
    await db.user.update({ where: { id }, data: { subscriptionStatus: 'active' } });
    expect((await call(holdings, '/api/treasury/holdings', { jar })).status).toBe(200);
  });

  it('revoking every session (password change, 2FA off) refuses the cookie at once', async () => {
    const { jar, id } = await registeredUser(true);
    expect((await call(refreshStats, '/api/refresh/stats', { jar })).status).toBe(200);
    await db.session.updateMany({ where: { userId: id }, data: { revokedAt: new Date() } });
    expect((await call(refreshStats, '/api/refresh/stats', { jar })).status).toBe(401);
  });

  it('a deleted account is signed out at once', async () => {
    const { jar, id } = await registeredUser(true);
    expect((await call(marketData, '/api/market-data', { jar })).status).toBe(200);
    await db.session.deleteMany({ where: { userId: id } });
    expect((await call(marketData, '/api/market-data', { jar })).status).toBe(401);
  });
});

describe('across processes, through the bus', () => {
  let buses: EventBus[] = [];

  async function twoBuses(): Promise<[EventBus, EventBus]> {
    if (!process.env.REDIS_URL) {
      // One process: the in-memory bus is the only bus there is.
      const shared = new MemoryBus();
      buses = [shared];
      return [shared, shared];
    }
    const [a, b] = [createBus(), createBus()] as RedisBus[];
    await Promise.all([a!.whenReady(), b!.whenReady()]);
    buses = [a!, b!];
    return [a!, b!];
  }

  afterEach(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it('a write in one process empties the other process’s response and session caches within a second', async () => {
    const [busA, busB] = await twoBuses();
    // Process A is this one: its database writes are announced through busA.
    processTableChanges().connect(busA);
    const processB = new TableChanges();
    processB.connect(busB);
    const responses = new ResponseCache(processB);
    const sessions = new SessionRowCache<string>(processB);
    let version = 0;
    const read = async () => (await responses.get('signals', { tables: ['Signal'], ttlMs: 60_000 }, async () => ({ body: version }))).body;
    const session = () => sessions.get('sid', async () => `row ${version}`);

    expect(await read()).toBe('0');
    expect(await session()).toBe('row 0');
    version = 1;
    expect(await read()).toBe('0');

    await db.signal.create({
      data: { sourceId: `cache-bus-${Date.now()}`, companyName: 'Bus Corp', description: 'Crosses processes', source: 'test', detectedAt: new Date(), confidence: 50, signalType: 'other', severity: 'low' },
    });
    await until(async () => (await read()) === '1');

    version = 2;
    await db.session.updateMany({ where: { userId: account.id }, data: { revokedAt: null } });
    await until(async () => (await session()) === 'row 2');
    responses.close();
    sessions.close();
  });
});
