import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Client } from 'pg';

// The database step of the Vercel build (vercel.json: `npm run db:deploy`), run twice on a fresh
// database the way two deploys of one preview run it: the first migrates and seeds, the second
// changes nothing — no duplicated rows, and a figure changed after the first keeps its value.
// On PostgreSQL (TEST_DATABASE_URL) in a database of its own; otherwise on a SQLite file.

jest.setTimeout(600_000);

function deployStep(url: string): string {
  return execFileSync(process.execPath, [require.resolve('tsx/cli'), 'scripts/db.ts', 'deploy'], {
    cwd: path.resolve(__dirname, '..', '..'),
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
  });
}

interface Store {
  url: string;
  query(sql: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

async function freshStore(): Promise<Store> {
  const testUrl = process.env.TEST_DATABASE_URL;
  if (testUrl?.startsWith('postgres')) {
    const name = `deploy_step_${process.pid}`;
    const admin = new Client({ connectionString: testUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(testUrl);
    url.pathname = `/${name}`;
    const client = new Client({ connectionString: url.toString() });
    await client.connect();
    return {
      url: url.toString(),
      query: async (sql) => (await client.query(sql)).rows,
      async close() {
        await client.end();
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'treasury-deploy-'));
  const file = path.join(dir, 'app.db');
  return {
    url: `file:${file}`,
    // A connection per query: one left open keeps SQLite from letting the next deploy migrate.
    query: async (sql) => {
      const connection = new Database(file);
      try {
        const statement = connection.prepare(sql);
        if (statement.reader) return statement.all() as Record<string, unknown>[];
        statement.run();
        return [];
      } finally {
        connection.close();
      }
    },
    async close() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function rowCounts(store: Store): Promise<Record<string, number>> {
  const tables = store.url.startsWith('file:')
    ? await store.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%'")
    : await store.query("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'");
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    if (name === '_prisma_migrations') continue;
    const [row] = await store.query(`SELECT COUNT(*) AS count FROM "${String(name)}"`);
    counts[String(name)] = Number(row!.count);
  }
  return counts;
}

it('migrates and seeds an empty database once; a second deploy neither duplicates nor rewrites', async () => {
  const store = await freshStore();
  try {
    expect(deployStep(store.url)).toMatch(/^Seeded companies: 156 created/m);
    const first = await rowCounts(store);
    expect(first).toMatchObject({ Company: 156 });
    for (const table of ['HoldingSnapshot', 'Signal', 'DataSource', 'Report']) expect(first[table]).toBeGreaterThan(0);

    // What ingest would do between two deploys: a newer figure for the largest holder.
    await store.query(`UPDATE "Company" SET "btcHoldings" = 900000 WHERE "ticker" = 'MSTR'`);

    expect(deployStep(store.url)).toMatch(/^Database schema is up to date\.\nThe database holds 156 companies: seed skipped/m);
    expect(await rowCounts(store)).toEqual(first);
    const [strategy] = await store.query(`SELECT "btcHoldings" FROM "Company" WHERE "ticker" = 'MSTR'`);
    expect(Number(strategy!.btcHoldings)).toBe(900000);
  } finally {
    await store.close();
  }
});
