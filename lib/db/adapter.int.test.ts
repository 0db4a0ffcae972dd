import net from 'node:net';
import { db } from '@/lib/db';
import { databaseConnectTimeoutMs, createAdapterFactory } from '@/lib/db/adapter';
import { databaseProvider, getEnv } from '@/lib/env';
import { PrismaClient as PostgresClient } from '@/lib/generated/postgresql/client';
import { isDatabaseUnavailable } from '@/lib/http/unavailable';

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

test('a PostgreSQL server that never answers fails each query within the connect timeout, as the database out of reach', async () => {
  // Accepts the connections and says nothing: a hung server, or one behind a network that drops its replies.
  const held: net.Socket[] = [];
  let isClosing = false;
  const silent = net.createServer((socket) => {
    socket.on('error', () => undefined);
    // The pool may still be opening one when the test ends; the server's close waits for every socket.
    if (isClosing) socket.destroy();
    else held.push(socket);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as net.AddressInfo;
  const client = new PostgresClient({ adapter: createAdapterFactory(`postgresql://postgres@127.0.0.1:${port}/silent`) });
  try {
    const started = Date.now();
    // More than the pool's ten connections: the last ones wait for a turn that never comes.
    const answers = await Promise.allSettled(Array.from({ length: 12 }, () => client.$queryRawUnsafe('SELECT 1')));
    const elapsed = Date.now() - started;
    expect(answers.map((answer) => answer.status === 'rejected' && isDatabaseUnavailable(answer.reason))).toEqual(Array(12).fill(true));
    expect(elapsed).toBeGreaterThanOrEqual(databaseConnectTimeoutMs - 100);
    // Bounded, with room for the client's first load of its query compiler (seconds under jest).
    expect(elapsed).toBeLessThan(databaseConnectTimeoutMs * 3);
  } finally {
    isClosing = true;
    held.forEach((socket) => socket.destroy());
    await client.$disconnect().catch(() => undefined);
    await new Promise((resolve) => silent.close(resolve));
  }
}, 30_000);
