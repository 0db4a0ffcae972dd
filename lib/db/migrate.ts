import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bindMigrationAwareSqlAdapterFactory, type SqlDriverAdapter, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import Database from 'better-sqlite3';
import pg from 'pg';
import { databaseProvider } from '../env';
import { isDatabaseUnavailable } from '../http/unavailable';
import { createAdapterFactory, type Provider } from './adapter';

// Schema changes are versioned SQL per provider under prisma/migrations/<provider>/. They are
// written and applied by Prisma's schema engine compiled to WebAssembly, which drives the database
// through the same driver adapters as the client: the native engine binary cannot be downloaded
// on our machines, and this path needs none.

const projectRequire = createRequire(path.join(process.cwd(), 'package.json'));
type EngineModule = typeof import('@prisma/schema-engine-wasm/schema_engine_bg');
type SchemaEngine = Awaited<ReturnType<EngineModule['SchemaEngine']['new']>>;

export const migrationsRoot = path.join(process.cwd(), 'prisma', 'migrations');
export const noFilters = { externalTables: [], externalEnums: [] };

let engineModule: Promise<EngineModule> | undefined;

function loadEngineModule(): Promise<EngineModule> {
  engineModule ??= (async () => {
    const glue = projectRequire('@prisma/schema-engine-wasm/schema_engine_bg') as EngineModule;
    const wasmPath = path.join(path.dirname(projectRequire.resolve('@prisma/schema-engine-wasm/schema_engine_bg')), 'schema_engine_bg.wasm');
    // The package's own entry imports the .wasm as an ES module, which Node 20 rejects.
    const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath), { './schema_engine_bg.js': glue });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return glue;
  })();
  return engineModule;
}

/**
 * Runs `work` with a schema engine on `url`, then frees the engine and closes the connections it
 * opened. Freeing the engine alone leaves its SQLite connection open, and that connection holds
 * the file in exclusive locking mode: the seed that follows a migration in the same process then
 * waited out its busy timeout ("Operation has timed out").
 */
export async function withSchemaEngine<T>(url: string, work: (engine: SchemaEngine) => Promise<T>, datamodel?: string): Promise<T> {
  const glue = await loadEngineModule();
  const connections: SqlDriverAdapter[] = [];
  const factory = createAdapterFactory(url);
  const track = async (open: () => Promise<SqlDriverAdapter>) => {
    const connection = await open();
    connections.push(connection);
    return connection;
  };
  const tracked: SqlMigrationAwareDriverAdapterFactory = {
    adapterName: factory.adapterName,
    provider: factory.provider,
    connect: () => track(() => factory.connect()),
    connectToShadowDb: () => track(() => factory.connectToShadowDb()),
  };
  const adapter = bindMigrationAwareSqlAdapterFactory(tracked);
  const datamodels: [string, string][] | undefined = datamodel ? [['schema.prisma', datamodel]] : undefined;
  const engine = await glue.SchemaEngine.new({ datamodels }, () => {}, adapter);
  try {
    return await work(engine);
  } finally {
    engine.free();
    await Promise.all(connections.map((connection) => connection.dispose()));
  }
}

function migrationList(provider: Provider) {
  const baseDir = path.join(migrationsRoot, provider);
  const names = fs.existsSync(baseDir)
    ? fs.readdirSync(baseDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort()
    : [];
  return {
    baseDir,
    lockfile: { path: 'migration_lock.toml', content: `provider = "${provider}"\n` },
    shadowDbInitScript: '',
    migrationDirectories: names.map((name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok' as const, value: fs.readFileSync(path.join(baseDir, name, 'migration.sql'), 'utf8') },
      },
    })),
  };
}

/**
 * Applies every migration the database has not seen yet; safe to run on each start, and from many
 * processes at once: on PostgreSQL they take turns (see whileHoldingMigrationLock).
 */
export async function applyMigrations(url: string): Promise<string[]> {
  const provider = databaseProvider(url);
  if (provider === 'sqlite') {
    fs.mkdirSync(path.dirname(sqliteFilePath(url)), { recursive: true });
    // Before the engine opens the file: switching the journal needs the only connection.
    switchToWriteAheadLog(url);
    return runEngineMigrations(url, provider);
  }
  return whileHoldingMigrationLock(url, () => runEngineMigrations(url, provider));
}

/**
 * applyMigrations, waiting for a database that is not reachable yet (a stack starting together, a
 * restart of the database during a deploy) instead of failing: tries again every `retryMs` until
 * `timeoutMs` has passed. Any other error (a bad migration, wrong credentials) fails at once.
 */
export async function applyMigrationsWhenReachable(
  url: string,
  { timeoutMs, retryMs = 2_000, log = () => {} }: { timeoutMs: number; retryMs?: number; log?: (line: string) => void },
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await applyMigrations(url);
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + retryMs > deadline) throw error;
      if (attempt === 1) log(`database not reachable yet; trying again every ${retryMs / 1000} s for up to ${Math.round(timeoutMs / 1000)} s`);
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }
}

/** Our own advisory lock key (the schema engine's is 72707369); any constant other processes share. */
const migrationLockKey = 5_417_202_611;
const migrationLockWaitMs = 10 * 60_000;

/**
 * The schema engine gives up on its own advisory lock after 10 s, so a process started beside one
 * that is migrating exited. Waiting on a lock of ours first serialises them: the engine's lock is
 * then free, and the later processes find every migration applied.
 */
async function whileHoldingMigrationLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SET lock_timeout = ${migrationLockWaitMs}`);
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    await client.end();
  }
}

async function runEngineMigrations(url: string, provider: Provider): Promise<string[]> {
  return withSchemaEngine(url, async (engine) => {
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList: migrationList(provider), filters: noFilters });
    return appliedMigrationNames;
  });
}

/**
 * Puts a SQLite database in write-ahead-log mode (the setting lives in the file): readers no longer
 * wait for a writer, so a seed, a second process or a long report write does not stall page reads.
 */
function switchToWriteAheadLog(url: string) {
  const connection = new Database(sqliteFilePath(url), { timeout: 5000 });
  try {
    connection.pragma('journal_mode = WAL');
  } catch (error) {
    // Another process holds the file in the old mode; it works as before, only less concurrently.
    console.warn(`SQLite stays in its current journal mode: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    connection.close();
  }
}

export function sqliteFilePath(url: string) {
  return path.resolve(url.replace(/^file:/, '').replace(/\?.*$/, ''));
}
