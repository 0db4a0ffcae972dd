import { db } from '@/lib/db';
import { jobs } from '@/lib/background/jobs';
import { closeRateLimiter, getRateLimiter } from '@/lib/rate-limit/limiter';
import { databaseProvider } from '@/lib/env';
import { resetDatabase } from '@/test/support/database';
import { dropRecentSearchIndexes } from '@/test/support/search-index';
import { withoutEnv } from '@/test/support/env';
import { GET } from './route';

// Every job due at the start of each test: its lease dropped (in Redis it outlives the process).
beforeEach(async () => {
  await resetDatabase();
  for (const job of jobs) await getRateLimiter().reset(`job:${job.name}`);
  await closeRateLimiter();
});
beforeAll(() => (process.env.CRON_SECRET = 'test-cron-secret-value'));
afterAll(async () => {
  delete process.env.CRON_SECRET;
  // The signal-search-index job built them; the other suites start without.
  if (databaseProvider() === 'postgresql') await dropRecentSearchIndexes();
});

const call = (authorization?: string) =>
  GET(new Request('http://localhost/api/cron', { headers: authorization ? { authorization } : {} }), undefined);

it('is absent when no CRON_SECRET is configured', async () => {
  await withoutEnv('CRON_SECRET', async () => expect((await call('Bearer ')).status).toBe(404));
});

it('refuses a call without the secret or with a wrong one', async () => {
  expect((await call()).status).toBe(401);
  expect((await call('Bearer wrong')).status).toBe(401);
  expect(await (await call('Bearer nope')).json()).toMatchObject({ message: 'Invalid cron secret' });
});

it('runs the jobs that are due with the secret, and a call within their periods runs none', async () => {
  const old = new Date(Date.now() - 91 * 24 * 60 * 60 * 1000);
  await db.clientErrorReport.create({ data: { referenceId: 'ERR-OLD', message: 'old', createdAt: old } });
  await db.clientErrorReport.create({ data: { referenceId: 'ERR-NEW', message: 'new' } });

  const response = await call('Bearer test-cron-secret-value');
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({
    results: [
      { name: 'purge-client-errors', ok: true, detail: 'removed 1 error reports older than 90 days' },
      { name: 'signal-search-index', ok: true, detail: expect.stringMatching(/^(built|kept) Signal_search_recent_\d{8}|^SQLite: the FTS5 table needs no upkeep$/) },
      { name: 'email-notifications', ok: true, detail: 'queued 0 alert, 0 report and 0 digest mails' },
      { name: 'mail-outbox', ok: true, detail: 'sent 0 mails' },
      { name: 'scheduled-reports', ok: true, detail: 'generated 0 scheduled reports' },
    ],
    notDue: [],
    deferred: [],
  });
  expect((await db.clientErrorReport.findMany()).map((report) => report.referenceId)).toEqual(['ERR-NEW']);

  const again = await call('Bearer test-cron-secret-value');
  expect(again.status).toBe(200);
  expect(await again.json()).toEqual({ results: [], notDue: ['purge-client-errors', 'signal-search-index', 'email-notifications', 'mail-outbox', 'scheduled-reports'], deferred: [] });
});
