import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils';

// Every write reaches the database through the driver adapter, whichever code path issued it (a
// model method, a nested write, raw SQL, a job, a webhook). Watching there tells the response and
// session caches which tables changed, with nothing to remember at each call site. Inside a
// transaction the tables are reported when it commits (a rolled-back write changed nothing), so a
// reader that recomputes on the news sees the committed rows.

/** Every table: what a statement touched when its table cannot be read from the SQL. */
export const allTables = '*';

const writeStart = /^\s*(?:insert|update|delete|replace|truncate|with|alter|drop|create)\b/i;
const quoted = '[`"]?(\\w+)[`"]?';
const target = new RegExp(
  `^\\s*(?:insert\\s+(?:or\\s+\\w+\\s+)?into|replace\\s+into|update(?:\\s+or\\s+\\w+)?|delete\\s+from)\\s+(?:${quoted}\\s*\\.\\s*)?${quoted}`,
  'i',
);

/** The tables a statement writes: none for a read, `*` when it writes but names no single table. */
export function tablesWritten(sql: string): string[] {
  if (!writeStart.test(sql)) return [];
  const match = target.exec(sql);
  if (match) return [match[2]!];
  // A CTE that only reads, or DDL/TRUNCATE (tests, migrations): the latter changes everything.
  if (/^\s*with\b/i.test(sql) && !/\b(?:insert|update|delete)\b/i.test(sql)) return [];
  return [allTables];
}

export type TablesListener = (tables: string[]) => void;

function watchQueryable<T extends SqlDriverAdapter | Transaction>(target: T, onWrite: (tables: string[]) => void): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      if (property === 'queryRaw' || property === 'executeRaw') {
        const run = Reflect.get(object, property, object) as (query: SqlQuery) => Promise<unknown>;
        return async (query: SqlQuery) => {
          const result = await run.call(object, query);
          const tables = tablesWritten(query.sql);
          if (tables.length) onWrite(tables);
          return result;
        };
      }
      const value = Reflect.get(object, property, receiver);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

function watchTransaction(transaction: Transaction, onCommit: TablesListener): Transaction {
  const pending = new Set<string>();
  const watched = watchQueryable(transaction, (tables) => tables.forEach((table) => pending.add(table)));
  return new Proxy(watched, {
    get(object, property, receiver) {
      if (property === 'commit') {
        return async () => {
          await transaction.commit();
          if (pending.size) onCommit([...pending]);
          pending.clear();
        };
      }
      if (property === 'rollback') {
        return async () => {
          pending.clear();
          await transaction.rollback();
        };
      }
      return Reflect.get(object, property, receiver);
    },
  });
}

function watchAdapter(adapter: SqlDriverAdapter, onWrite: TablesListener): SqlDriverAdapter {
  const watched = watchQueryable(adapter, onWrite);
  return new Proxy(watched, {
    get(object, property, receiver) {
      if (property === 'startTransaction') {
        return async (...args: Parameters<SqlDriverAdapter['startTransaction']>) => watchTransaction(await adapter.startTransaction(...args), onWrite);
      }
      if (property === 'executeScript') {
        return async (script: string) => {
          await adapter.executeScript(script);
          onWrite([allTables]);
        };
      }
      return Reflect.get(object, property, receiver);
    },
  });
}

/** The same adapter factory, reporting each committed write's tables to `onWrite`. */
export function watchWrites<Factory extends SqlDriverAdapterFactory>(factory: Factory, onWrite: TablesListener): Factory {
  return new Proxy(factory, {
    get(object, property, receiver) {
      if (property === 'connect') return async () => watchAdapter(await factory.connect(), onWrite);
      const value = Reflect.get(object, property, receiver);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}
