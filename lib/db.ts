import { PrismaClient as PostgresClient } from './generated/postgresql/client';
import { PrismaClient } from './generated/sqlite/client';
import { databaseProvider, getEnv } from './env';
import { createAdapterFactory } from './db/adapter';
import { processTableChanges } from './cache/table-changes';
import { watchWrites } from './cache/write-watch';

// Both generated clients come from the one schema, so their model APIs are the same; the SQLite
// client's type stands for both.
export type Db = PrismaClient;

export function createDb(url = getEnv().DATABASE_URL): Db {
  // Committed writes tell this process's caches (and, through the bus, every other process's) what changed.
  const adapter = watchWrites(createAdapterFactory(url), (tables) => processTableChanges().changed(tables));
  if (databaseProvider(url) === 'sqlite') return new PrismaClient({ adapter });
  return new PostgresClient({ adapter }) as unknown as Db;
}

// server.ts and Next's bundled route handlers load this module separately; one pool per process.
const globalForDb = globalThis as typeof globalThis & { __treasuryDb?: Db };

export const db: Db = (globalForDb.__treasuryDb ??= createDb());
