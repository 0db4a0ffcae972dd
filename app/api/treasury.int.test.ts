import { entitledUserOnSeed, registeredUser } from '@/test/support/users';
import { db } from '@/lib/db';
import { call } from '@/test/support/http';
import { GET as healthDistribution } from './analytics/health-distribution/route';
import { GET as sectorAllocation } from './analytics/sector-allocation/route';
import { GET as treasuryTrends } from './analytics/treasury-trends/route';
import { GET as company } from './companies/[id]/route';
import { GET as companies } from './companies/route';
import { GET as dashboardStats } from './dashboard/stats/route';
import { GET as dataLatest } from './data/latest/route';
import { POST as refresh } from './data/refresh/route';
import { GET as discoveries } from './discoveries/route';
import { GET as marketData } from './market-data/route';
import { GET as ticker } from './market-data/ticker/route';
import { GET as refreshStats } from './refresh/stats/route';
import { GET as signals } from './signals/route';
import { GET as holdings } from './treasury/holdings/route';

// The data endpoints of spec 001 §7 on the real seeded companies, and the consistency rule of
// issue 4: figures agree everywhere.

const { jar: analyst } = entitledUserOnSeed();

const reads = [
  ['/api/treasury/holdings', holdings],
  ['/api/companies', companies],
  ['/api/signals', signals],
  ['/api/analytics/health-distribution', healthDistribution],
  ['/api/analytics/sector-allocation', sectorAllocation],
  ['/api/analytics/treasury-trends', treasuryTrends],
  ['/api/dashboard/stats', dashboardStats],
  ['/api/data/latest', dataLatest],
  ['/api/refresh/stats', refreshStats],
  ['/api/market-data', marketData],
  ['/api/discoveries', discoveries],
] as const;

describe('authorization', () => {
  it.each(reads)('GET %s answers 401 signed out and 403 without a subscription or beta flag', async (path, handler) => {
    const signedOut = await call(handler, path);
    expect(signedOut.status).toBe(401);
    expect(signedOut.json.message).toBe('Authentication required. Please sign in.');
    const { jar } = await registeredUser(false);
    expect((await call(handler, path, { jar })).status).toBe(403);
  });

  it('guards company detail and the refresh the same way', async () => {
    expect((await call(company, '/api/companies/x', { params: { id: 'x' } })).status).toBe(401);
    expect((await call(refresh, '/api/data/refresh', { method: 'POST' })).status).toBe(401);
  });
});

describe('holdings and companies', () => {
  it('lists the real seeded companies, largest holder first, with provenance and metrics', async () => {
    const response = await call(holdings, '/api/treasury/holdings?limit=5', { jar: analyst });
    expect(response.status).toBe(200);
    expect(response.json).toHaveLength(5);
    const [strategy] = response.json;
    expect(strategy).toMatchObject({ name: 'Strategy (MicroStrategy)', ticker: 'MSTR', sector: 'Financial', country: 'US' });
    expect(strategy.holdings[0]).toMatchObject({ asset: 'BTC', quantity: 843775, asOf: '2026-07-11T00:00:00.000Z' });
    expect(strategy.holdings[0].source).toMatch(/bitbo/);
    expect(strategy.holdings[0].currentValue).toBeGreaterThan(0);
    expect(strategy.metrics).toMatchObject({ healthGrade: expect.stringMatching(/^[ABCDF]$/), aiRiskScore: expect.any(Number), mNav: expect.any(Number), mNavAsOf: expect.any(String) });
    expect(strategy.metrics.defaults).not.toContain('premiumToNav');
    const quantities = response.json.map((record: { btcHoldings: number }) => record.btcHoldings);
    expect(quantities).toEqual([...quantities].sort((a, b) => b - a));
  });

  it('pages with limit and offset and refuses bad paging', async () => {
    const first = await call(companies, '/api/companies?limit=3', { jar: analyst });
    const second = await call(companies, '/api/companies?limit=3&offset=3', { jar: analyst });
    expect(second.json.map((c: { id: string }) => c.id)).not.toContain(first.json[2].id);
    for (const query of ['limit=0', 'limit=abc', 'limit=5000', 'offset=-1', 'limit=1.5']) {
      const response = await call(companies, `/api/companies?${query}`, { jar: analyst });
      expect(response.status).toBe(400);
      expect(response.json.message).toEqual(expect.any(String));
    }
  });

  it('gives one company with its holdings history, audit trail and signals; unknown ids are 404', async () => {
    const [strategy] = (await call(companies, '/api/companies?limit=1', { jar: analyst })).json;
    const response = await call(company, `/api/companies/${strategy.id}`, { jar: analyst, params: { id: strategy.id } });
    expect(response.status).toBe(200);
    expect(response.json.holdingsHistory.length).toBeGreaterThan(300);
    expect(response.json.holdingsHistory.at(-1)).toMatchObject({ quantity: 843775, asOf: '2026-07-11T00:00:00.000Z' });
    expect(response.json.changes.length).toBeGreaterThan(0);
    expect(response.json.changes[0]).toEqual(expect.objectContaining({ oldQuantity: expect.any(Number), newQuantity: expect.any(Number), source: expect.any(String), learnedAt: expect.any(String) }));
    // Point-in-time mNAV for every priced day from the first holdings reading (market-metrics.int.test.ts).
    expect(response.json.mnavHistory.length).toBeGreaterThan(200);
    const missing = await call(company, '/api/companies/nope', { jar: analyst, params: { id: 'nope' } });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('Company not found');
  });
});

describe('consistency on the seeded data', () => {
  it('dashboard totals equal the sum of confirmed holdings, with the excluded ones stated; percentages sum to 100; metrics agree in every endpoint', async () => {
    const [all, list, stats, health, sectors, trends] = await Promise.all([
      call(holdings, '/api/treasury/holdings?limit=1000', { jar: analyst }),
      call(companies, '/api/companies?limit=1000', { jar: analyst }),
      call(dashboardStats, '/api/dashboard/stats', { jar: analyst }),
      call(healthDistribution, '/api/analytics/health-distribution', { jar: analyst }),
      call(sectorAllocation, '/api/analytics/sector-allocation', { jar: analyst }),
      call(treasuryTrends, '/api/analytics/treasury-trends', { jar: analyst }),
    ]);
    const records = all.json as {
      id: string;
      ticker: string;
      btcHoldings: number;
      sector: string;
      flagged: boolean;
      countedInTotals: boolean;
      metrics: { healthGrade: string; aiRiskScore: number };
      holdings: { currentValue: number }[];
    }[];
    expect(records.length).toBe(await db.company.count());
    expect(stats.json.trackedCompanies).toBe(records.length);

    // Flagged companies (source disagreements, quarantined figures, known issues) are left out and stated.
    const counted = records.filter((record) => record.countedInTotals);
    const left = records.filter((record) => !record.countedInTotals);
    expect(left.map((record) => record.flagged)).toEqual(left.map(() => true));
    expect(left.length).toBeGreaterThanOrEqual(5);
    expect(stats.json.excludedFromTotals).toEqual({
      companies: left.length,
      flagged: left.length,
      unconfirmed: 0,
      btc: expect.closeTo(left.reduce((sum, record) => sum + record.btcHoldings, 0), 1),
      list: expect.any(Array),
    });
    expect(stats.json.excludedFromTotals.list.map((company: { ticker: string }) => company.ticker).sort()).toEqual(left.map((record) => record.ticker).sort());
    const totalBtc = counted.reduce((sum, record) => sum + record.btcHoldings, 0);
    const totalValue = counted.reduce((sum, record) => sum + record.holdings[0]!.currentValue, 0);
    expect(stats.json.totalBitcoin).toBeCloseTo(totalBtc, 6);
    expect(stats.json.totalBitcoinValue).toBeCloseTo(totalValue, 0);
    expect(stats.json.averageRiskScore).toBeCloseTo(records.reduce((sum, record) => sum + record.metrics.aiRiskScore, 0) / records.length, 1);

    expect(Object.keys(health.json).sort()).toEqual(['A-B', 'C-D', 'E-F']);
    expect(Object.values(health.json as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(100);
    const share = (grades: string[]) => Math.round((records.filter((record) => grades.includes(record.metrics.healthGrade)).length / records.length) * 100);
    expect(Math.abs(health.json['A-B'] - share(['A', 'B']))).toBeLessThanOrEqual(1);
    expect(Math.abs(health.json['C-D'] - share(['C', 'D']))).toBeLessThanOrEqual(1);

    const sectorRows = sectors.json as { sector: string; percentage: number; count: number }[];
    expect(sectorRows.reduce((sum, row) => sum + row.percentage, 0)).toBeCloseTo(100, 6);
    expect(sectorRows.reduce((sum, row) => sum + row.count, 0)).toBe(counted.length);
    for (const row of sectorRows) expect(row.count).toBe(counted.filter((record) => record.sector === row.sector).length);

    const metricsById = new Map(records.map((record) => [record.id, record.metrics]));
    for (const entry of list.json as { id: string; metrics: unknown }[]) expect(entry.metrics).toEqual(metricsById.get(entry.id));
    const detail = await call(company, `/api/companies/${records[7]!.id}`, { jar: analyst, params: { id: records[7]!.id } });
    expect(detail.json.metrics).toEqual(records[7]!.metrics);

    // The trend's last point is every company's latest reading: the same total.
    expect(trends.json.at(-1).totalBtc).toBeCloseTo(totalBtc, 0);
    expect(trends.json.at(-1).date).toBe('2026-07-11');
    expect(trends.json[0].date).toBe('2025-08-15');
  });
});

describe('GET /api/signals', () => {
  const base = new Date('2026-11-20T12:00:00Z').getTime();
  beforeAll(async () => {
    const strategy = await db.company.findFirstOrThrow({ where: { ticker: 'MSTR' } });
    const rows = Array.from({ length: 25 }, (_, index) => ({
      sourceId: `test-signal-${index}`,
      companyId: strategy.id,
      companyName: strategy.name,
      description: index % 5 === 0 ? `Strategy 8-K: bought ${index * 100} BTC` : `Form 4: director sale number ${index}`,
      source: index % 5 === 0 ? 'SEC EDGAR 8-K' : 'SEC EDGAR Form 4',
      detectedAt: new Date(base - index * 3_600_000),
      confidence: 90,
      signalType: index % 5 === 0 ? 'sec-filing' : 'insider-trading',
      severity: index % 5 === 0 ? 'critical' : 'medium',
    }));
    // A known set instead of the seeded history's signals, so counts and pages are exact.
    await db.signal.deleteMany();
    await db.signal.createMany({ data: rows });
  });

  it('filters by severity, type, text (any case) and since', async () => {
    const critical = await call(signals, '/api/signals?severity=critical', { jar: analyst });
    expect(critical.status).toBe(200);
    expect(critical.json).toHaveLength(5);
    expect(critical.json[0]).toEqual({
      id: expect.any(String),
      companyId: expect.any(String),
      companyName: 'Strategy (MicroStrategy)',
      description: 'Strategy 8-K: bought 0 BTC',
      source: 'SEC EDGAR 8-K',
      detectedAt: '2026-11-20T12:00:00.000Z',
      confidence: 90,
      signalType: 'sec-filing',
      severity: 'critical',
      metadata: { filingUrl: null, currentPrice: null, formType: null, filedAt: null },
      // Strategy is neither flagged nor unconfirmed.
      companyFlag: null,
    });
    expect((await call(signals, '/api/signals?type=insider-trading', { jar: analyst })).json).toHaveLength(20);
    expect((await call(signals, '/api/signals?q=DIRECTOR%20SALE', { jar: analyst })).json).toHaveLength(20);
    expect((await call(signals, '/api/signals?q=bought%201500', { jar: analyst })).json).toHaveLength(1);
    expect((await call(signals, '/api/signals?since=2026-11-20T08:30:00Z', { jar: analyst })).json).toHaveLength(4);
  });

  it('matches the signal type, odd characters and edited text in the search', async () => {
    const search = async (q: string) => (await call(signals, `/api/signals?q=${encodeURIComponent(q)}`, { jar: analyst })).json as { id: string; description: string }[];
    expect(await search('insider')).toHaveLength(20);
    expect(await search('SEC-FILING')).toHaveLength(5);
    expect(await search('number 17')).toHaveLength(1);
    expect(await search('"; DROP')).toHaveLength(0);
    expect(await search('sale_%\\')).toHaveLength(0);
    expect(await search('8-')).toHaveLength(5);
    const edited = await db.signal.findFirstOrThrow({ where: { sourceId: 'test-signal-3' } });
    await db.signal.update({ where: { id: edited.id }, data: { description: 'Form 4: quokka purchase' } });
    expect((await search('QUOKKA')).map((signal) => signal.id)).toEqual([edited.id]);
    expect(await search('number 3')).toHaveLength(0);
    await db.signal.update({ where: { id: edited.id }, data: { description: 'Form 4: director sale number 3' } });
  });

  it('pages newest first with a cursor, without repeats or gaps', async () => {
    const seen: string[] = [];
    let path = '/api/signals?limit=10';
    for (let pageNumber = 0; pageNumber < 5 && path; pageNumber += 1) {
      const response = await call(signals, path, { jar: analyst });
      seen.push(...response.json.map((signal: { id: string }) => signal.id));
      const cursor = response.headers.get('x-next-cursor');
      path = cursor ? `/api/signals?limit=10&cursor=${cursor}` : '';
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });

  it('refuses bad filters with a 400 and a message', async () => {
    for (const query of ['severity=urgent', 'type=rumour', 'since=yesterday', 'cursor=bm9wZQ', 'limit=201', `q=${'x'.repeat(201)}`]) {
      const response = await call(signals, `/api/signals?${query}`, { jar: analyst });
      expect(response.status).toBe(400);
      expect(response.json.message).toEqual(expect.any(String));
    }
  });
});

describe('refresh allowance', () => {
  // A hundred refreshes each recompute every metric: slow on a busy machine.
  it('counts manual refreshes and answers 429 after 100 in a day', async () => {
    const { jar, id } = await registeredUser(true);
    expect((await call(refreshStats, '/api/refresh/stats', { jar })).json).toEqual({ dailyRefreshes: 0, remainingDaily: 100 });
    const first = await call(refresh, '/api/data/refresh', { jar, method: 'POST' });
    expect(first.status).toBe(200);
    expect(first.json.refreshStats).toEqual({ dailyRefreshes: 1, remainingDaily: 99 });
    await db.refreshLog.createMany({ data: Array.from({ length: 99 }, () => ({ userId: id, kind: 'manual', status: 'ok' })) });
    const limited = await call(refresh, '/api/data/refresh', { jar, method: 'POST' });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toMatch(/^Daily refresh limit reached/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(refreshStats, '/api/refresh/stats', { jar })).json).toEqual({ dailyRefreshes: 100, remainingDaily: 0 });
    // Another user's allowance is their own.
    expect((await call(refreshStats, '/api/refresh/stats', { jar: analyst })).json.remainingDaily).toBe(100);
  }, 60_000);

  it('reports when the data last changed and each source’s freshness', async () => {
    const response = await call(dataLatest, '/api/data/latest', { jar: analyst });
    expect(response.status).toBe(200);
    expect(response.json.lastUpdated).toEqual(expect.any(String));
    expect(response.json.refreshStats).toEqual({ dailyRefreshes: 0, remainingDaily: 100 });
    expect(response.json.sources.length).toBeGreaterThan(0);
  });
});

describe('market data and discoveries', () => {
  it('gives the latest BTC price the seed implied and its history', async () => {
    const response = await call(marketData, '/api/market-data', { jar: analyst });
    expect(response.status).toBe(200);
    const latest = await db.marketPrice.findFirstOrThrow({ where: { symbol: 'BTC' }, orderBy: { at: 'desc' } });
    expect(response.json.bitcoin).toMatchObject({ symbol: 'BTC', price: latest.priceUsd, updatedAt: latest.at.toISOString() });
    expect(response.json.ethereum).toBeNull();
  });

  it("gives the navigation bar's ticker to any signed-in user, with the 24-hour change from the stored prices", async () => {
    expect((await call(ticker, '/api/market-data/ticker')).status).toBe(401);
    const { jar: unsubscribed } = await registeredUser(false);
    const before = await call(ticker, '/api/market-data/ticker', { jar: unsubscribed });
    expect(before.status).toBe(200);
    const latest = await db.marketPrice.findFirstOrThrow({ where: { symbol: 'BTC' }, orderBy: { at: 'desc' } });
    expect(before.json.bitcoin).toMatchObject({ symbol: 'BTC', price: latest.priceUsd, updatedAt: latest.at.toISOString() });

    // A fresh quote without the feed's own change: compared with the price a day earlier.
    const now = Date.now();
    await db.marketPrice.createMany({
      data: [
        { symbol: 'BTC', priceUsd: 80_000, at: new Date(now - 86_400_000 - 60_000), source: 'coingecko' },
        { symbol: 'BTC', priceUsd: 82_000, at: new Date(now - 60_000), source: 'coingecko' },
      ],
    });
    const after = await call(ticker, '/api/market-data/ticker', { jar: unsubscribed });
    expect(after.json.bitcoin).toMatchObject({ price: 82_000, change24h: 2.5, source: 'coingecko' });
    await db.marketPrice.deleteMany({ where: { at: { gte: new Date(now - 86_400_000 - 60_000) }, source: 'coingecko' } });
  });

  it('lists discoveries newest first and filters by status', async () => {
    await db.discovery.deleteMany();
    await db.discovery.createMany({
      data: [
        { sourceId: 'd1', companyName: 'Acme Corp', status: 'investigating', type: 'filing', priority: 'high', description: '8-K mentions a bitcoin treasury policy', source: 'SEC EDGAR', detectedAt: new Date('2026-11-01') },
        { sourceId: 'd2', companyName: 'Beta Inc', status: 'watching', type: 'hiring', priority: 'low', description: 'Hiring a digital-asset treasury lead', source: 'SEC EDGAR', detectedAt: new Date('2026-11-02') },
      ],
    });
    const all = await call(discoveries, '/api/discoveries', { jar: analyst });
    expect(all.json.map((row: { companyName: string }) => row.companyName)).toEqual(['Beta Inc', 'Acme Corp']);
    const watching = await call(discoveries, '/api/discoveries?status=watching', { jar: analyst });
    expect(watching.json).toHaveLength(1);
    expect((await call(discoveries, '/api/discoveries?status=maybe', { jar: analyst })).status).toBe(400);
  });
});
