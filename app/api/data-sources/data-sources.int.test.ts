import { registeredUser } from '@/test/support/users';
import { db } from '@/lib/db';
import { holdingsSignalSource } from '@/lib/data-sources/catalogue';
import { resetToSeed } from '@/test/support/database';
import { call, CookieJar } from '@/test/support/http';
import { GET as dataSources } from './route';

// GET /api/data-sources: the seeded catalogue of spec 001 §3 with signal counts from stored signals.


async function user(entitled: boolean) {
  return (await registeredUser(entitled)).jar;
}

let analyst: CookieJar;

function signal(sourceId: string, source: string, signalType: string, detectedAt: Date) {
  return { sourceId, companyName: 'Strategy', description: 'test signal', source, signalType, severity: 'medium', confidence: 80, detectedAt };
}

beforeAll(async () => {
  await resetToSeed();
  await db.signal.deleteMany();
  const now = new Date();
  const lastYear = new Date(now.getTime() - 365 * 86_400_000);
  await db.signal.createMany({
    data: [
      signal('a', 'SEC EDGAR 8-K', 'sec-filing', now),
      signal('b', 'SEC EDGAR Form 4', 'insider-trading', lastYear),
      signal('c', 'SEC EDGAR 8-K', 'board-meeting', now),
      signal('d', holdingsSignalSource, 'sec-filing', lastYear),
      signal('e', 'somewhere else', 'other', now),
    ],
  });
  analyst = await user(true);
}, 180_000);

it('answers 401 signed out and 403 without a subscription or beta flag', async () => {
  expect((await call(dataSources, '/api/data-sources')).status).toBe(401);
  expect((await call(dataSources, '/api/data-sources', { jar: await user(false) })).status).toBe(403);
});

it('lists the catalogue with the spec’s categories, each source\'s real state and real signal counts', async () => {
  const response = await call(dataSources, '/api/data-sources', { jar: analyst });
  expect(response.status).toBe(200);
  const { sources, summary, categories } = response.json;
  const byKey = Object.fromEntries(sources.map((source: { key: string }) => [source.key, source]));
  expect(byKey['sec-filings']).toMatchObject({
    // No SEC ingest has run in a fresh install: connected is not claimed, and the spec's status says "integration", not "active".
    name: 'SEC filings feed', category: 'regulatory', categoryName: 'Regulatory & Compliance', status: 'integration',
    state: 'not-connected', statusLabel: 'Not connected', stateDetail: 'Not connected yet: no update has been received from this source.',
    coverage: 100, updateFrequency: 'real-time', priority: 'high', signals: 3, signalsThisMonth: 2,
  });
  expect(byKey['board-appointments']).toMatchObject({ categoryName: 'Governance & Leadership', status: 'integration', state: 'not-connected', signals: 1 });
  expect(byKey['holdings-table']).toMatchObject({ signals: 1, signalsThisMonth: 0, status: 'active', state: 'stale', statusLabel: 'Stale', stateDetail: expect.stringContaining('Jul 11, 2026') });
  expect(byKey['holdings-table'].lastSuccessAt).toBe('2026-07-11T00:00:00.000Z');
  // Sources without an ingester count nothing rather than the spec's sample figures, and are planned, not "Live".
  expect(byKey['job-postings']).toMatchObject({ signals: 0, hasIngester: false, status: 'planned', state: 'planned', statusLabel: 'Planned', signalsNote: 'No ingester yet: this source collects no signals.' });
  expect(byKey['earnings-calls']).toMatchObject({ status: 'planned', state: 'planned' });
  expect(byKey['custody-providers']).toMatchObject({ status: 'planned', statusLabel: 'Planned', coverage: 0 });
  expect(sources.filter((source: { statusLabel: string }) => source.statusLabel === 'Live')).toEqual([]);

  const coverages = sources.map((source: { coverage: number }) => source.coverage);
  expect(summary).toMatchObject({
    totalSources: sources.length,
    // Only the holdings table has ever been filled (by the seed); counted, not typed.
    activeSources: 1,
    signalsThisMonth: 3,
    totalSignals: 5,
    coverageAverage: Math.round(coverages.reduce((a: number, b: number) => a + b, 0) / coverages.length),
    realtimeSources: 0,
  });
  expect(categories.map((category: { name: string }) => category.name)).toEqual([
    'Regulatory & Compliance', 'Corporate Intelligence', 'Innovation & IP', 'Executive Communication',
    'Surveys & Research', 'Infrastructure & Services', 'Investment & M&A', 'Governance & Leadership',
  ]);
  expect(categories.find((category: { id: string }) => category.id === 'corporate')).toEqual({ id: 'corporate', name: 'Corporate Intelligence', active: 1, total: 3 });
  expect(categories.find((category: { id: string }) => category.id === 'infrastructure')).toMatchObject({ active: 0, total: 3 });
  // The market-data ingest's own sources count no signals and say why; never run here, so not connected.
  expect(byKey['equity-prices']).toMatchObject({ signals: 0, hasIngester: true, state: 'not-connected', signalsNote: 'Share prices feed mNAV and the other metrics; they raise no signals.' });
});

it('calls a source live only within its cadence, from its ingest record', async () => {
  const now = new Date();
  await db.dataSource.update({ where: { key: 'market-prices' }, data: { lastSuccessAt: new Date(now.getTime() - 30_000), lastAttemptAt: now } });
  let byKey = Object.fromEntries((await call(dataSources, '/api/data-sources', { jar: analyst })).json.sources.map((source: { key: string }) => [source.key, source]));
  expect(byKey['market-prices']).toMatchObject({ state: 'live', status: 'active', statusLabel: 'Live' });
  await db.dataSource.update({ where: { key: 'market-prices' }, data: { lastSuccessAt: new Date(now.getTime() - 3_600_000), lastError: 'connect ECONNREFUSED 127.0.0.1:9' } });
  byKey = Object.fromEntries((await call(dataSources, '/api/data-sources', { jar: analyst })).json.sources.map((source: { key: string }) => [source.key, source]));
  // A subscriber reads what the outage means; the raw error stays with admins (app/api/health/route.int.test.ts).
  expect(byKey['market-prices']).toMatchObject({ state: 'stale', statusLabel: 'Stale', stateDetail: expect.stringMatching(/^Market prices could not be reached since [A-Z][a-z]{2} \d{1,2}, \d{4} — figures use the last stored price\.$/), lastError: null, technicalDetail: null });
});
