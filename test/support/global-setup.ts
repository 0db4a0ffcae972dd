import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Integration tests touch only a database made for them: a fresh SQLite file, or a PostgreSQL
// database on this machine named by TEST_DATABASE_URL, emptied and migrated first.

export default async function globalSetup() {
  const testUrl = process.env.TEST_DATABASE_URL;
  let url: string;
  if (testUrl) {
    const { hostname } = new URL(testUrl);
    if (!['localhost', '127.0.0.1', '::1', '[::1]'].includes(hostname)) {
      throw new Error(`TEST_DATABASE_URL must point at this machine, not ${hostname}`);
    }
    url = testUrl;
    const { Client } = await import('pg');
    const client = new Client({ connectionString: url });
    await client.connect();
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
    await client.end();
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'treasury-int-'));
    url = `file:${path.join(dir, 'test.db')}`;
    process.env.TEST_SQLITE_DIR = dir;
  }
  process.env.DATABASE_URL = url;
  // Mails the flows under test send land in a folder of this run, not the checkout's .data/outbox.
  process.env.MAIL_OUTBOX_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'treasury-outbox-'));
  execFileSync(process.execPath, [require.resolve('tsx/cli'), 'scripts/db.ts', 'migrate'], {
    cwd: path.resolve(__dirname, '..', '..'),
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'inherit',
  });
}
