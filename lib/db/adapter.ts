import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { databaseProvider } from '../env';

export type Provider = 'sqlite' | 'postgresql';

/** The longest a PostgreSQL query waits for a connection: a new one's start-up, or a pooled one's turn. */
export const databaseConnectTimeoutMs = 5_000;

export function createAdapterFactory(url: string) {
  if (databaseProvider(url) === 'sqlite') {
    // A relative file: path is taken from the working directory, the same for server, scripts and tests.
    return yieldBeforeQueries(new PrismaBetterSqlite3({ url: url.replace(/^file:/, ''), timeout: 5000 }));
  }
  // pg's pool closes a connection idle for 10 s, so after every quiet spell that long the next page
  // load opened its connections again (a backend started and authenticated for each, its catalog
  // caches empty) before its first byte. Idle ones stay five minutes (still at most ten), with TCP
  // keepalive so that a network that drops quiet connections does not leave dead ones in the pool;
  // they do not keep a script's process alive. A server that accepts connections and never answers
  // (hung, or behind a network that drops its replies) held a query without bound: a connection, or a
  // turn for a pooled one, not had in 5 s fails, and route() answers 503 with Retry-After.
  return new PrismaPg({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: databaseConnectTimeoutMs,
    idleTimeoutMillis: 300_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 30_000,
    allowExitOnIdle: true,
  });
}

/**
 * better-sqlite3 answers synchronously, so a chain of awaited queries (a job storing a thousand rows,
 * the scheduler's jobs side by side) runs as one microtask chain and holds the event loop until it
 * ends: requests and WebSocket sends waited seconds behind the scheduler. Each query outside a
 * transaction first lets the event loop turn (setImmediate), so pending I/O runs between queries.
 * Inside a transaction nothing yields: the adapter has one connection, and a query of another
 * request slipped in between would run inside the open transaction.
 */
function yieldBeforeQueries<T extends SqlDriverAdapterFactory>(factory: T): T {
  return forward(factory, {
    connect: (connect) => async () => yieldingAdapter((await connect()) as SqlDriverAdapter),
    connectToShadowDb: (connect) => async () => yieldingAdapter((await connect()) as SqlDriverAdapter),
  });
}

function yieldingAdapter(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const yieldFirst =
    (method: (...args: never[]) => Promise<unknown>) =>
    async (...args: never[]) => {
      await turn();
      return method(...args);
    };
  return forward(adapter, { queryRaw: yieldFirst, executeRaw: yieldFirst, startTransaction: yieldFirst });
}

/** The object with some methods replaced; every other member is the original's, bound to it (its private fields need that). */
function forward<T extends object>(target: T, replace: Record<string, (method: (...args: never[]) => Promise<unknown>) => unknown>): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      const method = (value as (...args: never[]) => Promise<unknown>).bind(object);
      return typeof property === 'string' && replace[property] ? replace[property](method) : method;
    },
  });
}
