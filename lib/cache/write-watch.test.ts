import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, SqlResultSet, Transaction } from '@prisma/driver-adapter-utils';
import { allTables, tablesWritten, watchWrites } from './write-watch';

describe('tablesWritten', () => {
  it.each([
    ['SELECT `main`.`Signal`.`id` FROM `main`.`Signal` WHERE 1=1', []],
    ['  select 1', []],
    ['INSERT INTO `main`.`Signal` (`id`) VALUES (?) RETURNING `id`', ['Signal']],
    ['INSERT INTO "public"."Company" ("id") VALUES ($1)', ['Company']],
    ['UPDATE "public"."Session" SET "revokedAt" = $1 WHERE "userId" = $2', ['Session']],
    ['update `main`.`User` set `subscriptionStatus` = ?', ['User']],
    ['DELETE FROM "MarketPrice"', ['MarketPrice']],
    ['INSERT OR IGNORE INTO "DataSource" ("key") VALUES (?)', ['DataSource']],
    ['WITH recent AS (SELECT 1) SELECT * FROM recent', []],
    ['WITH gone AS (DELETE FROM "Signal" RETURNING id) SELECT count(*) FROM gone', [allTables]],
    ['TRUNCATE TABLE "Signal", "Company"', [allTables]],
  ])('%s', (sql, tables) => {
    expect(tablesWritten(sql)).toEqual(tables);
  });
});

// A stand-in driver (an outside service's part, not the project's): records what it ran.
function fakeFactory(log: string[]): SqlDriverAdapterFactory {
  const result: SqlResultSet = { columnTypes: [], columnNames: [], rows: [] };
  const queryable = (prefix: string) => ({
    provider: 'sqlite' as const,
    adapterName: 'fake',
    queryRaw: async (query: SqlQuery) => (log.push(`${prefix}${query.sql}`), result),
    executeRaw: async (query: SqlQuery) => (log.push(`${prefix}${query.sql}`), 1),
  });
  const adapter: SqlDriverAdapter = {
    ...queryable(''),
    executeScript: async () => undefined,
    startTransaction: async () =>
      ({
        ...queryable('tx: '),
        options: { usePhantomQuery: false },
        commit: async () => void log.push('commit'),
        rollback: async () => void log.push('rollback'),
      }) satisfies Transaction,
    dispose: async () => undefined,
  };
  return { provider: 'sqlite', adapterName: 'fake', connect: async () => adapter };
}

const query = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });

describe('watchWrites', () => {
  it('reports a write outside a transaction once it ran, and no read', async () => {
    const log: string[] = [];
    const changes: string[][] = [];
    const adapter = await watchWrites(fakeFactory(log), (tables) => changes.push([...tables])).connect();
    expect(adapter.adapterName).toBe('fake');
    await adapter.queryRaw(query('SELECT 1'));
    await adapter.executeRaw(query('UPDATE "Signal" SET x = 1'));
    expect(log).toEqual(['SELECT 1', 'UPDATE "Signal" SET x = 1']);
    expect(changes).toEqual([['Signal']]);
  });

  it('reports a transaction’s tables when it commits, and nothing when it rolls back', async () => {
    const log: string[] = [];
    const changes: string[][] = [];
    const adapter = await watchWrites(fakeFactory(log), (tables) => changes.push([...tables].sort())).connect();
    const committed = await adapter.startTransaction();
    await committed.executeRaw(query('INSERT INTO "RefreshLog" (id) VALUES (1)'));
    await committed.queryRaw(query('UPDATE "User" SET a = 1 RETURNING id'));
    expect(changes).toEqual([]);
    await committed.commit();
    expect(changes).toEqual([['RefreshLog', 'User']]);

    const rolledBack = await adapter.startTransaction();
    await rolledBack.executeRaw(query('DELETE FROM "Session"'));
    await rolledBack.rollback();
    expect(changes).toHaveLength(1);
    expect(log).toContain('rollback');
  });
});
