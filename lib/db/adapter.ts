import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { databaseProvider } from '../env';

export type Provider = 'sqlite' | 'postgresql';

export function createAdapterFactory(url: string) {
  if (databaseProvider(url) === 'sqlite') {
    // A relative file: path is taken from the working directory, the same for server, scripts and tests.
    return new PrismaBetterSqlite3({ url: url.replace(/^file:/, ''), timeout: 5000 });
  }
  return new PrismaPg({ connectionString: url, max: 10 });
}
