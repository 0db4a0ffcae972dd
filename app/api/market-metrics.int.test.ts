import { db } from '@/lib/db';
import { seedMarketData } from '@/prisma/seed/seed-market';
import { call } from '@/test/support/http';
import { entitledUserOnSeed } from '@/test/support/users';
import { recomputeMetrics } from '@/lib/metrics/recompute';
import { GET as company } from './companies/[id]/route';
import { GET as holdings } from './treasury/holdings/route';

// Issue 11 on the seeded demo: point-in-time mNAV and the other market metrics reach the endpoints
// with their dates, sources and missing reasons, and agree with hand computations from the seed rows.

const { jar: analyst } = entitledUserOnSeed(180_000);
const idOf = async (ticker: string) => (await db.company.findFirstOrThrow({ where: { ticker } })).id;
const at = (date: string) => new Date(`${date}T00:00:00Z`);

describe('market seed', () => {
  it('stores closes, dated fundamentals, splits and unpriced BTC days once, never overwriting', async () => {
    const again = await seedMarketData(db);
    expect(again.prices.created).toBe(0);
    expect(again.fundamentals.created).toBe(0);
    expect(again.splits.created).toBe(0);
    expect(again.btcPrices.created).toBe(0);
    expect(again.unknownListings).toEqual([]);
    // The holdings seed's implied price of 2026-07-10 is kept; Strategy's own differs (64,107.68).
    expect((await db.marketPrice.findUniqueOrThrow({ where: { symbol_at: { symbol: 'BTC', at: at('2026-07-10') } } })).priceUsd).toBe(62931.47);
    const mstr = await idOf('MSTR');
    const cap = await db.companyFundamental.findMany({ where: { companyId: mstr, field: 'market_cap', asOf: at('2026-07-10') } });
    expect(cap.map((row) => row.value)).toEqual([35169548960]);
    const djtShares = await db.companyFundamental.findFirstOrThrow({ where: { companyId: await idOf('DJT'), field: 'shares_outstanding_basic' } });
    expect(djtShares).toMatchObject({ value: 279997636, form: '10-K', accession: '0001140361-26-007174', asOf: at('2026-02-25') });
    // A JPY close is converted with the ECB rate of its day (USD 1.1794 and JPY 185.27 per euro on
    // 2026-02-06, prisma/seed-data/market/fx/), and the rate and its date are kept with it.
    const metaplanet = await db.equityPrice.findFirstOrThrow({ where: { companyId: await idOf('3350.T'), date: at('2026-02-06') } });
    expect(metaplanet).toMatchObject({ close: 340, currency: 'JPY', fxDate: at('2026-02-06') });
    expect(metaplanet.fxRate).toBeCloseTo(1.1794 / 185.27, 10);
    expect(metaplanet.closeUsd).toBeCloseTo((340 * 1.1794) / 185.27, 6);
    // A close older than every stored rate (the ECB file starts 2024-01-02) keeps no USD value, and says why.
    const early = await db.equityPrice.findFirstOrThrow({ where: { companyId: await idOf('0434.HK'), date: at('2024-01-01') } });
    expect(early).toMatchObject({ currency: 'HKD', closeUsd: null, fxRate: null });
    expect(early.notes).toMatch(/no HKD rate stored on or before 2024-01-01/);
  });
});

describe('GET /api/companies/{id}', () => {
  it("gives Strategy's mNAV history point of 2026-07-10 as computed by hand from the seed rows", async () => {
    const id = await idOf('MSTR');
    const response = await call(company, `/api/companies/${id}`, { jar: analyst, params: { id } });
    expect(response.status).toBe(200);
    const point = response.json.mnavHistory.find((row: { asOf: string }) => row.asOf.startsWith('2026-07-10'));
    // Strategy's stated market cap 35,169,548,960 ÷ (843,775 BTC held on 2026-07-10 × BTC 62,931.47) = 0.66233.
    expect(point.marketCapUsd).toBe(35169548960);
    expect(point.navUsd).toBeCloseTo(843775 * 62931.47, 0);
    expect(point.mNav).toBeCloseTo(0.6623, 4);
    expect(Math.abs(point.mNav / (35169548960 / (843775 * 62931.47)) - 1)).toBeLessThan(0.01);
    // History spans every priced day from the first holdings reading.
    expect(response.json.mnavHistory[0].asOf).toBe('2025-08-15T00:00:00.000Z');
    expect(response.json.mnavHistory.length).toBeGreaterThan(200);
  });

  it('gives the as-of mNAV, EV and diluted mNAV with each input dated and sourced', async () => {
    const id = await idOf('MSTR');
    const { json } = await call(company, `/api/companies/${id}`, { jar: analyst, params: { id } });
    // The latest day with a price, holdings and shares: 2026-08-21 (close 119.25 × 376,424,000 basic
    // shares of 2026-07-16) ÷ (843,775 BTC of 2026-07-11 × BTC 77,910).
    expect(json.market.asOf).toBe('2026-08-21');
    expect(json.metrics).toMatchObject({ mNavAsOf: '2026-08-21', premiumToNav: 0.68 });
    expect(json.metrics.mNav).toBeCloseTo((119.25 * 376424000) / (843775 * 77910), 4);
    expect(json.market.mNav.inputs).toEqual([
      { name: 'share price (USD)', value: 119.25, asOf: '2026-08-21', source: 'posix4e/btc-mnav-rainbow@fb1f4b6a MSTR.csv' },
      { name: 'basic shares', value: 376424000, asOf: '2026-07-16', source: 'KM199/btc-treasury-valuations@be58349 web/public/data/share_dilution.json' },
      expect.objectContaining({ name: 'BTC held', value: 843775, asOf: '2026-07-11' }),
      expect.objectContaining({ name: 'BTC price (USD)', value: 77910, asOf: '2026-08-21' }),
    ]);
    // EV: + debt 6,754,000,000 + preferred 15,464,380,900 − cash 2,550,000,000 (Strategy, 2026-07-10).
    const ev = (119.25 * 376424000 + 6754000000 + 15464380900 - 2550000000) / (843775 * 77910);
    expect(json.market.evMNav.value).toBeCloseTo(ev, 4);
    expect(json.market.evMNav.inputs.map((input: { name: string; asOf: string }) => `${input.name}@${input.asOf}`)).toEqual(
      expect.arrayContaining(['total debt@2026-07-10', 'preferred equity@2026-07-10', 'cash@2026-07-10']),
    );
    expect(json.market.dilutedMNav.value).toBeCloseTo((119.25 * 406099000) / (843775 * 77910), 4);
    expect(json.market.premium.value).toBeCloseTo(json.market.mNav.value - 1, 6);
    expect(json.market.shareVolatility).toMatchObject({ value: expect.any(Number), asOf: '2026-08-21' });
    // BTC Yield comes from Strategy's dated assumed diluted counts (lib/capital): both ends' holdings and counts, dated.
    expect(json.market.btcYield90).toMatchObject({ value: expect.any(Number), missing: [] });
    expect(json.market.btcYield90.inputs.map((input: { name: string }) => input.name)).toEqual([
      'BTC held at start',
      expect.stringMatching(/^shares at start: .*assumed diluted$/),
      'BTC held at end',
      expect.stringMatching(/^shares at end: .*assumed diluted$/),
    ]);
  });

  it('measures Hut 8’s volatility exposure from its BTC beta (no default beside its measured volatility) and lists the risk inputs', async () => {
    const id = await idOf('HUT');
    const response = await call(company, `/api/companies/${id}`, { jar: analyst, params: { id } });
    expect(response.status).toBe(200);
    const { metrics, market, riskInputs } = response.json;
    expect(market.shareVolatility.value).toBeGreaterThan(0);
    expect(market.btcBeta).toMatchObject({ asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), missing: [] });
    expect(metrics.exposureBasis).toBe('btc beta');
    expect(metrics.defaults).not.toContain('volatilityExposure');
    const [returns, btcVolatility] = market.btcBeta.inputs;
    // 10 × β × BTC volatility over the same dates ÷ 60 %, clamped to 0–10, to one decimal.
    expect(metrics.volatilityExposure).toBeCloseTo(Math.min(10, Math.max(0, (10 * market.btcBeta.value * btcVolatility.value) / 0.6)), 1);
    expect(returns.name).toMatch(/^\d+ daily share returns from \d{4}-\d{2}-\d{2}$/);
    const exposure = riskInputs.find((input: { name: string }) => input.name === 'Volatility exposure');
    expect(exposure).toMatchObject({ status: 'measured', asOf: market.btcBeta.asOf });
    expect(riskInputs.find((input: { name: string }) => input.name === 'Share volatility (30 d)')).toMatchObject({ status: 'measured', asOf: market.shareVolatility.asOf });
  });

  it('keeps the default volatility exposure only where nothing is measured, and says so', async () => {
    const measured = await db.companyMetric.findMany({ where: { shareVolatility: { not: null } }, select: { defaults: true } });
    expect(measured.length).toBeGreaterThan(0);
    expect(measured.filter((row) => row.defaults.split(',').includes('volatilityExposure'))).toEqual([]);
    const unpriced = await db.company.findFirstOrThrow({ where: { equityPrices: { none: {} }, fundamentals: { none: {} } }, orderBy: { btcHoldings: 'desc' } });
    const response = await call(company, `/api/companies/${unpriced.id}`, { jar: analyst, params: { id: unpriced.id } });
    expect(response.json.metrics.exposureBasis).toBeNull();
    expect(response.json.riskInputs.find((input: { name: string }) => input.name === 'Volatility exposure')).toMatchObject({ status: 'default' });
  });

  it('refuses to pair NAKA’s February share count with its July price (probable reverse split) and says so', async () => {
    const id = await idOf('NAKA');
    const { json } = await call(company, `/api/companies/${id}`, { jar: analyst, params: { id } });
    expect(json.metrics.mNav).toBeNull();
    expect(json.market.mNav.missing[0]).toMatch(/opposite sides of a share split between 2026-02-05 and 2026-07-10/);
    expect(json.mnavHistory).toEqual([]);
    expect(json.metrics.defaults).toContain('premiumToNav');
  });
});

describe('GET /api/treasury/holdings', () => {
  it('gives each row mNAV with its date, or the reason it is unknown', async () => {
    const response = await call(holdings, '/api/treasury/holdings?limit=1000', { jar: analyst });
    const rows = response.json as { ticker: string; marketCap: number | null; marketCapAsOf: string | null; metrics: { mNav: number | null; mNavAsOf: string | null; premiumToNav: number | null; missingReasons: Record<string, string> } }[];
    const byTicker = new Map(rows.map((row) => [row.ticker, row]));
    expect(byTicker.get('MSTR')!.metrics).toMatchObject({ mNavAsOf: '2026-08-21', premiumToNav: 0.68 });
    expect(byTicker.get('MSTR')).toMatchObject({ marketCap: 119.25 * 376424000, marketCapAsOf: '2026-08-21' });
    // DJT: 8.54 × 279,997,636 (10-K cover, 2026-02-25) ÷ (11,542 BTC × 62,931.47).
    expect(byTicker.get('DJT')!.metrics.mNav).toBeCloseTo((8.539999961853027 * 279997636) / (11542 * 62931.47), 4);
    expect(byTicker.get('NAKA')!.metrics.missingReasons.mNav).toMatch(/share split/);
    const unknown = rows.filter((row) => row.metrics.mNav === null);
    for (const row of unknown) expect(row.metrics.missingReasons.mNav).toEqual(expect.any(String));
    expect(rows.filter((row) => row.metrics.mNav !== null).map((row) => row.ticker).sort()).toEqual(['0434.HK', 'ASST', 'DJT', 'KULR', 'MARA', 'MSTR', 'XXI']);
  });

  it('grades discriminate: no grade above 60 %, at least 15 distinct risk scores', async () => {
    const rows = (await call(holdings, '/api/treasury/holdings?limit=1000', { jar: analyst })).json as { metrics: { healthGrade: string; aiRiskScore: number; provisional: boolean } }[];
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.metrics.healthGrade, (counts.get(row.metrics.healthGrade) ?? 0) + 1);
    expect(Math.max(...counts.values()) / rows.length).toBeLessThanOrEqual(0.6);
    expect(new Set(rows.map((row) => row.metrics.aiRiskScore)).size).toBeGreaterThanOrEqual(15);
    expect(rows.some((row) => row.metrics.provisional)).toBe(true);
  });
});

describe('recomputing after new market data (the ingesters’ onHoldingsChanged path)', () => {
  it('moves the as-of date when a new close is stored and the affected company is recomputed', async () => {
    const id = await idOf('XXI');
    await db.equityPrice.create({
      data: { companyId: id, date: at('2026-07-11'), close: 6, currency: 'USD', closeUsd: 6, fxRate: 1, fxDate: at('2026-07-11'), source: 'test-feed' },
    });
    await recomputeMetrics(db, { companyIds: [id] });
    const { json } = await call(company, `/api/companies/${id}`, { jar: analyst, params: { id } });
    // 6 × 346,548,153 ÷ (37,229.7 BTC × 64,128.47 on 2026-07-11).
    expect(json.market.asOf).toBe('2026-07-11');
    expect(json.metrics.mNav).toBeCloseTo((6 * 346548153) / (37229.7 * 64128.47), 4);
  });
});
