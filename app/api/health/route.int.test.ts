import { setAdminRole } from '@/lib/auth/admin';
import { db } from '@/lib/db';
import { seedDataSources } from '@/prisma/seed/seed-sources';
import { resetDatabase } from '@/test/support/database';
import { call, type CookieJar } from '@/test/support/http';
import { registeredUser } from '@/test/support/users';
import { GET as currentUser } from '../auth/user/route';
import { GET as dataSources } from '../data-sources/route';
import { GET } from './route';

// GET /api/health (issue 27): overall status and /ws for anyone, each source's state for signed-in
// users, error texts for admins only, from the same state module as /api/data-sources.

const marketError = 'GET https://prices.example/api/v3/simple/price?ids=bitcoin%2Cethereum&vs_currencies=usd failed: getaddrinfo ENOTFOUND prices.example';
const secError = 'SEC_USER_AGENT is not set. SEC EDGAR requires a declared User-Agent naming your organisation and a contact e-mail, e.g. "Example Corp admin@example.com".';
const leaks = /https?:|\.example|ENOTFOUND|getaddrinfo|SEC_USER_AGENT|User-Agent|INGEST_ENABLED/;

let member: CookieJar;
let admin: CookieJar;
const saved = process.env.ADMIN_EMAILS;

beforeAll(async () => {
  await resetDatabase();
  await seedDataSources(db);
  const now = Date.now();
  // One source in each state: live, stale and failing, never connected and failing, stale (imported), planned.
  await db.dataSource.update({ where: { key: 'market-prices' }, data: { lastSuccessAt: new Date(now - 30_000), lastAttemptAt: new Date(now) } });
  await db.dataSource.update({ where: { key: 'fx-rates' }, data: { lastSuccessAt: new Date('2026-08-21T06:00:00Z'), lastAttemptAt: new Date(now), lastError: marketError } });
  await db.dataSource.update({ where: { key: 'sec-filings' }, data: { lastAttemptAt: new Date(now), lastError: secError } });
  await db.dataSource.update({ where: { key: 'holdings-table' }, data: { lastSuccessAt: new Date('2026-07-11T00:00:00Z') } });
  await db.dataSource.update({ where: { key: 'job-postings' }, data: { lastSuccessAt: new Date(now) } });
  ({ jar: member } = await registeredUser(true, 'member'));
  const adminUser = await registeredUser(true, 'admin');
  expect(await setAdminRole(db, adminUser.email, true)).toBe(true);
  admin = adminUser.jar;
}, 120_000);

afterEach(() => {
  if (saved === undefined) delete process.env.ADMIN_EMAILS;
  else process.env.ADMIN_EMAILS = saved;
});

async function health(jar?: CookieJar) {
  const response = await call(GET, '/api/health', { jar });
  return { status: response.status, text: response.text, body: response.json, cacheControl: response.headers.get('cache-control') };
}

type Source = { key: string; state: string; status: string; label: string; summary: string; lastError?: string | null; technicalDetail?: string };
const byKey = (sources: Source[]) => Object.fromEntries(sources.map((source) => [source.key, source]));

it('tells anyone the overall status and whether /ws is served, and nothing about the sources', async () => {
  // Asked by an admin first: the public answer comes from its own cache entry all the same.
  await health(admin);
  const answer = await health();
  expect(answer.status).toBe(200);
  expect(answer.cacheControl).toBe('no-store');
  expect(answer.body).toEqual({ status: 'healthy', timestamp: expect.any(String), database: { status: 'up' }, websocket: { available: false } });
  expect(answer.text).not.toMatch(leaks);
});

it('gives a signed-in user each source’s state in subscriber words, without error texts', async () => {
  const answer = await health(member);
  expect(answer.body).toMatchObject({ status: 'healthy', database: { status: 'up' }, bus: { kind: process.env.REDIS_URL ? 'redis' : 'memory', status: 'up' }, websocket: { available: false, clients: 0 } });
  const sources = byKey(answer.body.sources);
  expect(sources['market-prices']).toMatchObject({ name: 'market prices', state: 'live', label: 'Live', status: 'active' });
  expect(sources['fx-rates']).toMatchObject({ state: 'stale', status: 'active', summary: 'FX reference rates could not be reached since Aug 21, 2026 — non-USD share prices use the last stored rates.' });
  expect(sources['sec-filings']).toMatchObject({ state: 'not-connected', label: 'Not connected', status: 'integration', summary: 'SEC filings could not be reached yet — signals from newer filings are not in yet.' });
  expect(sources['board-appointments']).toMatchObject({ state: 'not-connected' });
  expect(sources['holdings-table']).toMatchObject({ state: 'stale' });
  // Its catalogue row says "active" and it carries a success time; no ingester reads it, so it is planned.
  expect(sources['job-postings']).toMatchObject({ state: 'planned', status: 'planned', lastSuccessAt: null });
  expect(answer.body.sources.every((source: Source) => !('lastError' in source) && !('technicalDetail' in source))).toBe(true);
  expect(answer.text).not.toMatch(leaks);
  const age = answer.body.sources.find((source: Source) => source.key === 'market-prices').ageSeconds;
  expect(age).toBeGreaterThanOrEqual(29);
  expect(age).toBeLessThan(120);
});

it('gives an admin the raw error and the technical detail', async () => {
  const sources = byKey((await health(admin)).body.sources);
  expect(sources['fx-rates']).toMatchObject({ lastError: marketError, technicalDetail: expect.stringContaining(`Last error: ${marketError}`) });
  expect(sources['sec-filings']).toMatchObject({ lastError: secError });
  expect(sources['market-prices']).toMatchObject({ lastError: null, technicalDetail: expect.stringContaining('Cadence: every 60 s.') });
});

it('counts an address in ADMIN_EMAILS as an admin, whatever the stored role', async () => {
  const listed = await registeredUser(true, 'listed');
  expect((await db.user.findUniqueOrThrow({ where: { id: listed.id } })).role).toBe('user');
  expect(byKey((await health(listed.jar)).body.sources)['fx-rates']!.lastError).toBeUndefined();
  process.env.ADMIN_EMAILS = ` someone@example.org , ${listed.email.toUpperCase()} `;
  expect(byKey((await health(listed.jar)).body.sources)['fx-rates']!.lastError).toBe(marketError);
  expect((await call(currentUser, '/api/auth/user', { jar: listed.jar })).json.role).toBe('admin');
  expect(byKey((await health(member)).body.sources)['fx-rates']!.lastError).toBeUndefined();
});

it('agrees with /api/data-sources on every source’s state, status, label and sentence', async () => {
  const fromHealth = (await health(member)).body.sources as Source[];
  const listed = await call(dataSources, '/api/data-sources', { jar: member });
  expect(listed.status).toBe(200);
  const fromList = byKey(listed.json.sources);
  expect(fromHealth.length).toBe(listed.json.sources.length);
  for (const source of fromHealth) {
    const other = fromList[source.key] as unknown as { state: string; status: string; statusLabel: string; stateDetail: string; lastError: string | null; technicalDetail: string | null };
    expect({ key: source.key, state: other.state, status: other.status, label: other.statusLabel, summary: other.stateDetail }).toEqual({
      key: source.key,
      state: source.state,
      status: source.status,
      label: source.label,
      summary: source.summary,
    });
    expect(other).toMatchObject({ lastError: null, technicalDetail: null });
  }
  expect(listed.text).not.toMatch(leaks);
  const asAdmin = byKey((await call(dataSources, '/api/data-sources', { jar: admin })).json.sources) as unknown as Record<string, { lastError: string | null; technicalDetail: string }>;
  expect(asAdmin['sec-filings']).toMatchObject({ lastError: secError, technicalDetail: expect.stringContaining('SEC_USER_AGENT') });
});
