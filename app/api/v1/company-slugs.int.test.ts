import { GET as legacyCompany } from '@/app/api/companies/[id]/route';
import { GET as capitalStructure } from '@/app/api/v1/companies/[id]/capital-structure/route';
import { GET as holdingsHistory } from '@/app/api/v1/companies/[id]/holdings-history/route';
import { GET as issuance } from '@/app/api/v1/companies/[id]/issuance/route';
import { GET as kpis } from '@/app/api/v1/companies/[id]/kpis/route';
import { GET as mnavHistory } from '@/app/api/v1/companies/[id]/mnav-history/route';
import { GET as company } from '@/app/api/v1/companies/[id]/route';
import { db } from '@/lib/db';
import { seedCompanies } from '@/prisma/seed/seed';
import { closeRateLimiter } from '@/lib/rate-limit/limiter';
import { resetDatabase } from '@/test/support/database';
import { call, type CookieJar } from '@/test/support/http';
import { registeredUser } from '@/test/support/users';

// GET /api/v1/companies/{id} and its sub-routes accept the slug of the company's page as well as its
// id (issue 26), against the seeded companies file: MSTR is unique, COIN is listed on NASDAQ and
// AQUIS, SATO:TSXV holds two entities.

jest.setTimeout(60_000);

let jar: CookieJar;
const ids: Record<string, string> = {};

beforeAll(async () => {
  await resetDatabase();
  await seedCompanies(db);
  jar = (await registeredUser(true, 'slug-reader')).jar;
  for (const [key, ticker, exchange] of [['mstr', 'MSTR', 'NASDAQ'], ['coinbase', 'COIN', 'NASDAQ'], ['coinsilium', 'COIN', 'AQUIS'], ['sato', 'SATO', 'TSXV']] as const) {
    ids[key] = (await db.company.findUniqueOrThrow({ where: { ticker_exchange: { ticker, exchange } } })).id;
  }
});

afterAll(closeRateLimiter);

const getCompany = (slug: string) => call(company, `/api/v1/companies/${encodeURIComponent(slug)}`, { jar, params: { id: slug } });

it('answers the same company for its id, its slug and the slug in another case', async () => {
  const byId = await getCompany(ids.mstr!);
  expect(byId.status).toBe(200);
  for (const slug of ['MSTR', 'mstr']) {
    const bySlug = await getCompany(slug);
    expect(bySlug.status).toBe(200);
    expect((bySlug.json as { data: { id: string; ticker: string } }).data).toMatchObject({ id: ids.mstr, ticker: 'MSTR' });
  }
});

it('tells the two COIN listings apart by ticker.exchange and refuses the bare ticker with their slugs', async () => {
  expect(((await getCompany('COIN.NASDAQ')).json as { data: { id: string } }).data.id).toBe(ids.coinbase);
  expect(((await getCompany('coin.aquis')).json as { data: { id: string } }).data.id).toBe(ids.coinsilium);
  const bare = await getCompany('COIN');
  expect(bare.status).toBe(409);
  expect(bare.json).toMatchObject({ code: 'conflict', message: 'COIN names more than one company: use COIN.AQUIS or COIN.NASDAQ.' });
});

it('finds the two-entity listing by its id as well as its ticker', async () => {
  expect(((await getCompany(ids.sato!)).json as { data: { name: string } }).data.name).toBe('Canada Computational Unlimited Corp.');
  expect(((await getCompany('SATO')).json as { data: { id: string } }).data.id).toBe(ids.sato);
});

it('answers 404 JSON for an unknown slug, on the company and on its exports', async () => {
  for (const response of [
    await getCompany('NOPE.XX'),
    await call(holdingsHistory, '/api/v1/companies/NOPE/holdings-history', { jar, params: { id: 'NOPE' } }),
    await call(mnavHistory, '/api/v1/companies/NOPE/mnav-history', { jar, params: { id: 'NOPE' } }),
    await call(legacyCompany, '/api/companies/NOPE', { jar, params: { id: 'NOPE' } }),
    await call(capitalStructure, '/api/v1/companies/NOPE/capital-structure', { jar, params: { id: 'NOPE' } }),
  ]) {
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ message: 'Company not found', code: 'not_found' });
  }
});

it('resolves the slug on the sub-routes and on the dashboard’s own company read', async () => {
  const csv = await call(holdingsHistory, '/api/v1/companies/mstr/holdings-history', { jar, params: { id: 'mstr' } });
  expect(csv.status).toBe(200);
  expect(csv.text).toContain('Strategy (MicroStrategy) (MSTR) holdings history');
  const legacy = await call(legacyCompany, '/api/companies/COIN.NASDAQ', { jar, params: { id: 'COIN.NASDAQ' } });
  expect((legacy.json as { id: string }).id).toBe(ids.coinbase);
});

it('resolves the slug on the capital structure, KPIs and issuance', async () => {
  for (const [handler, path] of [[capitalStructure, 'capital-structure'], [kpis, 'kpis'], [issuance, 'issuance']] as const) {
    const response = await call(handler, `/api/v1/companies/mstr/${path}`, { jar, params: { id: 'mstr' } });
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.json)).toContain(ids.mstr);
  }
});
