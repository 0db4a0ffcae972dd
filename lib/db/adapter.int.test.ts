import { db } from '@/lib/db';
import { databaseProvider, getEnv } from '@/lib/env';

// The scheduler's jobs share the event loop with requests. better-sqlite3 answers synchronously, so
// without a turn of the loop between queries a chain of awaited queries would hold it until it ends.

async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  running = false;
  return turns;
}

test('the event loop turns between queries of a chain (on SQLite the adapter yields before each)', async () => {
  await db.company.count();
  const turns = await turnsDuring(async () => {
    for (let index = 0; index < 20; index += 1) await db.company.count();
  });
  if (databaseProvider(getEnv().DATABASE_URL) === 'sqlite') expect(turns).toBeGreaterThanOrEqual(20);
  else expect(turns).toBeGreaterThan(0);
});

test('a batch transaction still runs its statements together and commits them', async () => {
  const before = await db.company.count();
  const results = await db.$transaction([db.company.count(), db.company.count(), db.company.count()]);
  expect(results).toEqual([before, before, before]);
});
