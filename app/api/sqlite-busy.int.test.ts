import Database from 'better-sqlite3';
import { sqliteFilePath } from '@/lib/db/migrate';
import { call, CookieJar } from '@/test/support/http';
import { POST as reportError } from './client-errors/route';

// The embedded database (SQLite) locked by another writer for longer than the busy wait (a second
// process in a long transaction): a write answers 503 with Retry-After, in the product's words, and
// goes through once the lock is gone. Runs on SQLite only.

const sqliteUrl = process.env.TEST_DATABASE_URL ? undefined : process.env.DATABASE_URL;

jest.setTimeout(30_000);

(sqliteUrl?.startsWith('file:') ? it : it.skip)('answers a write 503 with Retry-After while another process holds the file, then stores it', async () => {
  const other = new Database(sqliteFilePath(sqliteUrl!));
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    other.exec('BEGIN EXCLUSIVE');
    const refused = await call(reportError, '/api/client-errors', { jar: new CookieJar(), body: { referenceId: 'ERR-LOCKED1', message: 'Boom' } });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.json).toEqual({ message: 'The service is briefly unavailable. Please try again in a few seconds.', code: 'unavailable' });
    other.exec('ROLLBACK');
    const stored = await call(reportError, '/api/client-errors', { jar: new CookieJar(), body: { referenceId: 'ERR-LOCKED2', message: 'Boom' } });
    expect(stored.status).toBe(201);
  } finally {
    if (other.inTransaction) other.exec('ROLLBACK');
    other.close();
    warn.mockRestore();
  }
});
