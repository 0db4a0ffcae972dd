import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

// The schema engine is an ES module Jest cannot load; migrate the way `npm run db:migrate` does.
function migrate(url: string): string {
  return execFileSync(process.execPath, [require.resolve('tsx/cli'), 'scripts/db.ts', 'migrate'], {
    cwd: path.resolve(__dirname, '..', '..'),
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
  });
}

// Applying migrations to a SQLite file builds the schema and leaves the file in write-ahead-log
// mode, so readers never wait for a writer; applying them again changes nothing.

it('migrates a new SQLite file, in WAL mode, and is a no-op the second time', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'treasury-migrate-'));
  const url = `file:${path.join(dir, 'nested', 'app.db')}`;
  try {
    expect(migrate(url)).toMatch(/^Applied migrations: \d+_init, .*_ingested_filings/m);
    expect(migrate(url)).toMatch(/^Database schema is up to date\.$/m);
    const connection = new Database(path.join(dir, 'nested', 'app.db'), { readonly: true });
    try {
      expect(connection.pragma('journal_mode', { simple: true })).toBe('wal');
      const tables = connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
      expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['Company', 'Signal', 'IngestedFiling']));
    } finally {
      connection.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

// A deploy migrates and then seeds in one process. The schema engine holds its SQLite connection in
// exclusive locking mode; if that connection outlived the migration, the next connection of the
// same process waited out its busy timeout. Here the next one waits not at all.
it('leaves the SQLite file free for the next connection of the same process', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'treasury-migrate-'));
  const file = path.join(dir, 'app.db');
  const script = `
    import Database from 'better-sqlite3';
    import { applyMigrations } from './lib/db/migrate';
    (async () => {
      await applyMigrations(${JSON.stringify(`file:${file}`)});
      await applyMigrations(${JSON.stringify(`file:${file}`)});
      const connection = new Database(${JSON.stringify(file)}, { timeout: 0 });
      console.log('companies: ' + JSON.stringify(connection.prepare('SELECT COUNT(*) AS count FROM "Company"').get()));
      connection.close();
    })();`;
  try {
    const output = execFileSync(process.execPath, [require.resolve('tsx/cli'), '--eval', script], {
      cwd: path.resolve(__dirname, '..', '..'),
      encoding: 'utf8',
    });
    expect(output).toContain('companies: {"count":0}');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

const postgresUrl = process.env.TEST_DATABASE_URL;

// Processes started together on one PostgreSQL database (a deploy of several instances) all come
// up: one applies the migrations, the others wait for it and find the schema current.
(postgresUrl ? it : it.skip)('migrates one PostgreSQL database from three processes started together', async () => {
  const { execFile } = await import('node:child_process');
  const { Client } = await import('pg');
  const name = `migrate_race_${process.pid}`;
  const admin = new Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    const migrateAsync = () =>
      new Promise<string>((resolve, reject) =>
        execFile(
          process.execPath,
          [require.resolve('tsx/cli'), 'scripts/db.ts', 'migrate'],
          { cwd: path.resolve(__dirname, '..', '..'), env: { ...process.env, DATABASE_URL: url.toString() }, encoding: 'utf8' },
          (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
        ),
      );
    const outputs = await Promise.all([migrateAsync(), migrateAsync(), migrateAsync()]);
    expect(outputs.filter((output) => /^Applied migrations: \d+_init/m.test(output))).toHaveLength(1);
    expect(outputs.filter((output) => /^Database schema is up to date\.$/m.test(output))).toHaveLength(2);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}, 120_000);

// A process started while PostgreSQL is out of reach (the stack starting together, a restart during a
// deploy) waits for it and migrates once it answers, instead of exiting.
(postgresUrl ? it : it.skip)('waits for an unreachable PostgreSQL and migrates once it answers', async () => {
  const { spawn } = await import('node:child_process');
  const { Client } = await import('pg');
  const { startTcpProxy, targetOf } = await import('@/test/support/tcp-proxy');
  const name = `migrate_wait_${process.pid}`;
  const admin = new Client({ connectionString: postgresUrl });
  await admin.connect();
  const proxy = await startTcpProxy(targetOf(postgresUrl!));
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const direct = new URL(postgresUrl!);
    direct.pathname = `/${name}`;
    proxy.cut();
    const script = `
      import { applyMigrationsWhenReachable } from './lib/db/migrate';
      applyMigrationsWhenReachable(${JSON.stringify(proxy.urlFor(direct.toString()))}, { timeoutMs: 30_000, retryMs: 250, log: console.log })
        .then((applied) => console.log('applied ' + applied.length), (error) => { console.log('failed ' + error.message); process.exit(1); });`;
    const child = spawn(process.execPath, [require.resolve('tsx/cli'), '--eval', script], { cwd: path.resolve(__dirname, '..', '..') });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const deadline = Date.now() + 20_000;
    while (!output.includes('database not reachable yet') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(output).toContain('database not reachable yet; trying again every 0.25 s');
    // Still waiting a second later, not exited.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(child.exitCode).toBeNull();
    proxy.restore();
    expect(await exited).toBe(0);
    expect(output).toMatch(/^applied \d+$/m);
    expect(Number(/^applied (\d+)$/m.exec(output)![1])).toBeGreaterThan(0);
  } finally {
    await proxy.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}, 60_000);
