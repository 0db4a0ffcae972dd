import { GET as capitalStructure } from '@/app/api/v1/companies/[id]/capital-structure/route';
import { GET as issuance } from '@/app/api/v1/companies/[id]/issuance/route';
import { GET as kpis } from '@/app/api/v1/companies/[id]/kpis/route';
import { GET as mnavHistory } from '@/app/api/v1/companies/[id]/mnav-history/route';
import { getCapitalStructure, getCompanyCapital, getCompanyKpis, getIssuance } from '@/lib/capital/service';
import { answerChat } from '@/lib/chat/service';
import { capitalStructureResponseSchema, issuanceResponseSchema, kpisResponseSchema } from '@/lib/api-v1/capital-schema';
import { exportResponseSchema } from '@/lib/api-v1/schema';
import { db } from '@/lib/db';
import { seedCompanies } from '@/prisma/seed/seed';
import { seedCapitalData } from '@/prisma/seed/seed-capital';
import { seedMarketData } from '@/prisma/seed/seed-market';
import { recomputeMetrics } from '@/lib/metrics/recompute';
import { resetDatabase } from '@/test/support/database';
import { call, type CookieJar } from '@/test/support/http';
import { registeredUser } from '@/test/support/users';

// The capital endpoints of /api/v1 (issue 26) on the seeded capital data: answers against their
// schema, the hand-checked figures of lib/capital/capital.test.ts through the whole stack, CSV, and
// bad input as 400 JSON.

jest.setTimeout(120_000);

let jar: CookieJar;
let mstrId: string;
let asstId: string;

const get = (handler: Parameters<typeof call>[0], path: string, id = mstrId) => call(handler, path.replace('{id}', id), { jar, params: { id } });

beforeAll(async () => {
  await resetDatabase();
  await seedCompanies(db);
  await seedMarketData(db);
  const seeded = await seedCapitalData(db);
  expect(seeded.unknownListings).toEqual([]);
  // Seeding again adds nothing.
  expect(await seedCapitalData(db)).toMatchObject({ instruments: { created: 0 }, shareCounts: { created: 0 }, events: { created: 0 }, reportedFigures: { created: 0 } });
  mstrId = (await db.company.findFirstOrThrow({ where: { ticker: 'MSTR' } })).id;
  asstId = (await db.company.findFirstOrThrow({ where: { ticker: 'ASST' } })).id;
  await recomputeMetrics(db, { companyIds: [mstrId, asstId] });
  ({ jar } = await registeredUser(true, 'capital-api'));
}, 180_000);

describe('capital structure', () => {
  it("lists the instruments with the preferreds' tickers, amplification and the company's own figure beside ours", async () => {
    const response = await get(capitalStructure, '/api/v1/companies/{id}/capital-structure');
    expect(response.status).toBe(200);
    const body = capitalStructureResponseSchema.parse(response.json);
    expect(body).toEqual(response.json);
    const { data } = body;
    expect(data.instruments.map((instrument) => instrument.ticker).filter(Boolean)).toEqual(expect.arrayContaining(['STRF', 'STRC', 'STRK', 'STRD', 'STRE']));
    expect(data.debt).toMatchObject({ valueUsd: 6_713_750_000, oldestAsOf: '2026-08-22' });
    expect(data.preferred).toMatchObject({ valueUsd: 14_203_754_600, excluded: ['STRE: no notional stated'] });
    const nav = data.btcNav!;
    expect(data.amplification.value).toBeCloseTo((6_713_750_000 + 14_203_754_600) / (nav.btcHeld.value * nav.btcPriceUsd.value), 8);
    const notes = data.instruments.find((instrument) => instrument.name.startsWith('2030A'))!;
    expect(notes.btcRating.value).toBeCloseTo(nav.valueUsd / 6_713_750_000, 8);
    expect(data.instruments.find((instrument) => instrument.ticker === 'STRC')!.btcRating).toMatchObject({ value: null, reason: expect.stringMatching(/^not available/) });
    // Ours on 2026-06-29 from the amounts stated on or before it (lib/capital/capital.test.ts works it by hand).
    expect(data.reported).toMatchObject({ date: '2026-06-29', company: { debt_pref_by_btc_nav: expect.closeTo(0.4347, 4) }, ours: { debtUsd: 8_203_700_000, preferredUsd: 14_577_935_900 } });
    expect(data.reported!.differences.join(' ')).toMatch(/Debt: ours \$8\.204bn/);
  });

  it('gives each preferred not rated today its rating of the day before STRE, whose rank no filing read states, was issued', async () => {
    const view = await getCapitalStructure(db, mstrId);
    const strc = view.instruments.find((instrument) => instrument.ticker === 'STRC')!;
    expect(strc.btcRating).toMatchObject({ value: null, unorderedAgainst: 'STRE' });
    // On 2025-11-12: debt 8,203,700,000 + STRF 1,194,830,000 + STRC 2,801,110,000 (amounts of 2025-09-30), in the
    // order of 8-K 0001193125-25-230977; the NAV is that day's stored holdings × BTC price.
    const earlier = view.earlierRatings[strc.id]!;
    expect(earlier).toMatchObject({ before: 'STRE', issued: '2025-11-13' });
    expect(earlier.asOf <= '2025-11-12').toBe(true);
    const strd = view.earlierRatings[view.instruments.find((instrument) => instrument.ticker === 'STRD')!.id]!;
    expect(earlier.value / strd.value).toBeCloseTo(14_792_440_000 / 12_199_640_000, 8);
    expect(Object.keys(view.earlierRatings)).toHaveLength(4);
  });

  it('exports the instrument table as CSV', async () => {
    const response = await get(capitalStructure, '/api/v1/companies/{id}/capital-structure?format=csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = response.text.split('\r\n');
    expect(lines[0]).toMatch(/^# Strategy .*capital structure at notional; amplification 0\.\d{4}$/);
    expect(lines[3]).toBe('instrument,kind,currency,notional,notional_as_of,rate_percent,rate_as_of,maturity,conversion_price,conversion_shares,seniority,btc_rating,btc_rating_note');
    expect(lines.some((line) => line.startsWith('STRF,preferred_perpetual,USD,1283968900,2026-08-22,10,2025-09-30,'))).toBe(true);
  });

  it('answers 404 for an unknown company, 400 for a bad format and 401 without a key or session', async () => {
    expect((await get(capitalStructure, '/api/v1/companies/{id}/capital-structure', 'no-such-company')).status).toBe(404);
    const bad = await get(capitalStructure, '/api/v1/companies/{id}/capital-structure?format=xml');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('format must be json or csv');
    expect((await call(capitalStructure, `/api/v1/companies/${mstrId}/capital-structure`, { params: { id: mstrId } })).status).toBe(401);
  });
});

describe('KPIs', () => {
  it("gives Strategy's 2025 BTC Yield, BTC Gain and BTC $ Gain with the basis and the count dates", async () => {
    const response = await get(kpis, '/api/v1/companies/{id}/kpis?from=2024-12-31&to=2025-12-31');
    expect(response.status).toBe(200);
    const { data } = kpisResponseSchema.parse(response.json);
    expect(data.basis).toBe('assumed_diluted_strategy_kpi');
    expect(data.btcYield).toMatchObject({ valuePercent: expect.closeTo(23.0607, 3), from: { shareCountDate: '2024-12-31', btcHeld: 446_400 }, to: { shareCountDate: '2025-12-31', btcHeld: 672_500 } });
    expect(data.btcGain.valueBtc).toBeCloseTo(102_943.1, 0);
    // BTC Gain is given to 4 decimals; the dollar figure is computed before rounding.
    expect(data.btcDollarGain.valueUsd! / (data.btcGain.valueBtc! * data.btcDollarGain.btcPriceUsd!)).toBeCloseTo(1, 8);
    expect(data.windows.map((window) => window.name)).toEqual(['QTD', 'YTD', '30d', '90d', '365d']);
  });

  it('puts basic counts under their own label for a company without assumed diluted counts', async () => {
    const response = await get(kpis, '/api/v1/companies/{id}/kpis', asstId);
    const { data } = kpisResponseSchema.parse(response.json);
    expect(data.basis).toBe('basic_outstanding_strategytracker');
    expect(data.basisLabel).toMatch(/^basic shares/);
  });

  it('refuses a malformed or reversed window with 400 JSON', async () => {
    const malformed = await get(kpis, '/api/v1/companies/{id}/kpis?from=2025-13-01');
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toBe('from must be a date written YYYY-MM-DD, like 2025-12-31');
    const reversed = await get(kpis, '/api/v1/companies/{id}/kpis?from=2025-12-31&to=2025-01-01');
    expect(reversed.status).toBe(400);
    expect(reversed.json.message).toBe('from must be before to');
    expect((await get(kpis, '/api/v1/companies/{id}/kpis?basis=weighted')).status).toBe(400);
  });

  it('exports the windows as CSV', async () => {
    const response = await get(kpis, '/api/v1/companies/{id}/kpis?format=csv');
    expect(response.status).toBe(200);
    expect(response.text.split('\r\n')[3]).toBe('window,from,to,btc_yield_percent,btc_gain_btc,btc_dollar_gain_usd,from_share_count_date,to_share_count_date,derived,note');
  });
});

describe('issuance', () => {
  it('marks each common-stock raise accretive or dilutive', async () => {
    const response = await get(issuance, '/api/v1/companies/{id}/issuance');
    expect(response.status).toBe(200);
    const { data } = issuanceResponseSchema.parse(response.json);
    const common = data.events.filter((event) => event.raiseKind === 'common');
    expect(common.length).toBeGreaterThan(20);
    for (const event of common) expect(typeof event.accretive).toBe('boolean');
    expect(common.find((event) => event.periodEnd === '2025-01-12')).toMatchObject({ accretive: true, issuePriceUsd: expect.closeTo(342.05, 2) });
    expect(common.find((event) => event.periodEnd === '2026-01-04')).toMatchObject({ accretive: false, accretion: { navPerShareUsd: expect.closeTo(176.25, 2) } });
    const preferred = data.events.find((event) => event.raiseKind === 'preferred' && event.seniorRaise?.amplificationChange !== null)!;
    expect(preferred.accretive).toBeNull();
    expect(data.events.filter((event) => event.type === 'btc_purchase').length).toBeGreaterThan(50);
  });
});

describe('mNAV history by basis', () => {
  it.each(['basic', 'ev', 'diluted', 'net'])('gives one point per day on the %s basis', async (basis) => {
    const response = await get(mnavHistory, `/api/v1/companies/{id}/mnav-history?format=json&basis=${basis}`);
    expect(response.status).toBe(200);
    const body = exportResponseSchema.parse(response.json);
    expect(body.meta.title).toContain(`basis: ${basis}`);
    expect(body.data.length).toBeGreaterThan(20);
    const days = body.data.map((row) => row.as_of);
    expect(new Set(days).size).toBe(days.length);
    for (const row of body.data) expect(row.mnav_multiple).toEqual(expect.any(Number));
  });

  it('refuses an unknown basis', async () => {
    const response = await get(mnavHistory, '/api/v1/companies/{id}/mnav-history?basis=fancy');
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('basis must be one of basic, ev, diluted, net');
  });
});

describe("the company page's single load", () => {
  it('gives the same stack, KPIs over a custom window and issuance as the separate calls', async () => {
    const now = new Date('2026-08-25T00:00:00Z');
    const window = { from: '2026-01-01', to: '2026-06-30' };
    const page = await getCompanyCapital(db, mstrId, window, now);
    expect(page.structure).toEqual(await getCapitalStructure(db, mstrId, now));
    expect(page.kpis).toEqual(await getCompanyKpis(db, mstrId, window, now));
    expect(page.kpis.window).toMatchObject({ name: 'custom', from: '2026-01-01', to: '2026-06-30' });
    expect(page.issuance).toEqual(await getIssuance(db, mstrId, now));
  });
});

describe('chat', () => {
  it("answers what MSTR's amplification is from the same figures as the API", async () => {
    const api = capitalStructureResponseSchema.parse((await get(capitalStructure, '/api/v1/companies/{id}/capital-structure')).json).data;
    const answer = await answerChat(db, "What is MSTR's amplification?");
    expect(answer.generatedBy).toBe('template');
    expect(answer.message).toContain(`Strategy (MicroStrategy) (MSTR)'s amplification is ${api.amplification.value!.toFixed(3)}:`);
    expect(answer.message).toContain("The company's own figure was 0.435 on Jun 29, 2026");
    expect(answer.message).toContain('Not added: STRE: no notional stated.');
  });
});
