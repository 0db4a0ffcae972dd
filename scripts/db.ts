// Database tasks: `setup` (migrate + seed), `migrate`, `seed`, `deploy` (migrate, then seed only an
// empty database: a hosted build's step, safe on every re-deploy), and `create <name>` to write a new
// migration for both providers from the change to prisma/schema.prisma.
import fs from 'node:fs';
import path from 'node:path';
import { loadEnvConfig } from '@next/env';

loadEnvConfig(process.cwd());

async function main() {
  const [command, name] = process.argv.slice(2);
  const { getEnv } = await import('../lib/env');
  const url = getEnv().DATABASE_URL;
  switch (command) {
    case 'migrate':
      return migrate(url);
    case 'seed':
      return seed();
    case 'setup':
      await migrate(url);
      return seed();
    case 'deploy':
      await migrate(url);
      return seed(true);
    case 'create':
      return create(name);
    default:
      throw new Error('Usage: tsx scripts/db.ts setup | migrate | seed | deploy | create <name>');
  }
}

async function migrate(url: string) {
  const { applyMigrations } = await import('../lib/db/migrate');
  const applied = await applyMigrations(url);
  console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.');
}

async function seed(onlyIfEmpty = false) {
  const { db } = await import('../lib/db');
  const { seedAll, seedEmptyDatabase } = await import('../prisma/seed/seed-all');
  const log = (line: string) => console.log(line);
  await (onlyIfEmpty ? seedEmptyDatabase(db, log) : seedAll(db, log));
  await db.$disconnect();
}

async function create(name: string | undefined) {
  if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error('Give the migration a snake_case name: npm run db:migrate:create -- add_signals');
  const { migrationsRoot, noFilters, withSchemaEngine } = await import('../lib/db/migrate');
  const { providers, schemaFor, sourceSchemaPath } = await import('./prisma-schema.mjs');
  const snapshotsDir = path.join(migrationsRoot, 'snapshots');
  const previous = fs.existsSync(snapshotsDir) ? fs.readdirSync(snapshotsDir).sort().at(-1) : undefined;
  const source = fs.readFileSync(sourceSchemaPath, 'utf8');
  const previousSource = previous ? fs.readFileSync(path.join(snapshotsDir, previous), 'utf8') : undefined;
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const dirName = `${stamp}_${name}`;
  // A diff between two datamodels reads no tables, but the PostgreSQL engine opens a connection
  // when it starts: any reachable server will do (developer and CI machines run one).
  const dialectUrls: Record<string, string> = {
    sqlite: 'file::memory:',
    postgresql: process.env.MIGRATION_DIALECT_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
  };
  const written: { dir: string; sql: string }[] = [];
  for (const provider of providers) {
    const to = { tag: 'schemaDatamodel' as const, files: [{ path: 'schema.prisma', content: schemaFor(provider, source) }] };
    const from = previousSource
      ? { tag: 'schemaDatamodel' as const, files: [{ path: 'schema.prisma', content: schemaFor(provider, previousSource) }] }
      : { tag: 'empty' as const };
    const { stdout } = await withSchemaEngine(dialectUrls[provider]!, (engine) =>
      engine.diff({ from, to, script: true, exitCode: null, filters: noFilters }),
    );
    const sql = stdout ?? '';
    if (!sql.trim() || /^-- This is an empty migration/.test(sql.trim())) continue;
    written.push({ dir: path.join(migrationsRoot, provider, dirName), sql });
  }
  if (written.length === 0) return console.log('No schema changes since the last migration.');
  // Written only once every provider's diff succeeded, so the two histories never drift apart.
  for (const { dir, sql } of written) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'migration.sql'), sql);
    fs.writeFileSync(path.join(dir, '..', 'migration_lock.toml'), `provider = "${path.basename(path.dirname(dir))}"\n`);
    console.log(`Wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
  }
  fs.mkdirSync(snapshotsDir, { recursive: true });
  fs.writeFileSync(path.join(snapshotsDir, `${dirName}.prisma`), source);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
