import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { Client } from 'pg';

// Helpers the benchmark scripts share.

/** The nearest-rank percentile (`p` from 0 to 100) of ascending values; NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Resolves once the started server answers GET /api/health; throws if it exits or stays silent for `timeoutMs`. */
export async function waitForServer(server: ChildProcess, baseUrl: string, timeoutMs: number): Promise<void> {
  // Called as the server starts, which takes seconds: an answer now comes from another process (a
  // server some earlier run left behind), and the figures would be that server's.
  if ((await healthStatus(baseUrl)) !== null) throw new Error(`${baseUrl} answers before the server started: another process holds the port`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server.ts exited with ${server.exitCode}`);
    const status = await healthStatus(baseUrl);
    if (status !== null && status >= 200 && status < 300) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`server.ts did not answer /api/health within ${timeoutMs / 1000} s`);
}

/** The status GET /api/health answers with; null when nothing listens (yet). */
async function healthStatus(baseUrl: string): Promise<number | null> {
  try {
    // Two seconds for an answer, so that a process that accepts connections and never answers cannot hold the wait past its deadline.
    const answer = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await answer.arrayBuffer();
    return answer.status;
  } catch {
    return null;
  }
}

/**
 * For a benchmark that runs the product in this process: a migrated scratch SQLite database, made
 * DATABASE_URL together with `env` before anything under lib/ first reads the environment.
 */
export async function inProcessScratchDatabase(prefix: string, env: Record<string, string> = {}) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const databaseUrl = `file:${path.join(scratch, 'bench.db')}`;
  Object.assign(process.env, { ...env, DATABASE_URL: databaseUrl });
  const { applyMigrations } = await import('../../lib/db/migrate');
  await applyMigrations(databaseUrl);
  return { remove: () => fs.rmSync(scratch, { recursive: true, force: true }) };
}

/** The environment of a server.ts started for a benchmark: production mode, no scheduler, ingest or Redis. */
export function benchServerEnv(databaseUrl: string, port: number) {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production' as const,
    SCHEDULER_ENABLED: 'false',
    INGEST_ENABLED: 'false',
    REDIS_URL: '',
    NEXT_TELEMETRY_DISABLED: '1',
  };
}

/**
 * The production build the benchmarks serve: `next build` when there is none (or `rebuild`), then
 * dist/server.js (`npm start`'s process) when `server` is set.
 */
export function ensureBuild(options: { rebuild: boolean; server: boolean }) {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  if (options.rebuild || !fs.existsSync(path.join(process.cwd(), distDir, 'BUILD_ID'))) {
    console.log(`Building (next build into ${distDir})…`);
    execFileSync('npx', ['next', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NEXT_SKIP_TYPECHECK: '1', NEXT_TELEMETRY_DISABLED: '1' } });
  }
  if (options.server) execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The Node options of `npm start` (package.json's start script), its `${NAME:-default}` expanded as the shell would. */
export function startNodeOptions(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  return scripts.start
    .split(/\s+/)
    .filter((word) => word.startsWith('--'))
    .map((word) => word.replace(/\$\{(\w+):-([^}]*)\}/g, (_, name: string, fallback: string) => process.env[name] || fallback));
}

const betaCode = 'TREASURY2026';

/**
 * The beta invitation cookie, then a registration (which signs in and keeps the beta access): the
 * cookie header of an entitled user. `label` names the benchmark in the account's address.
 */
export async function signUp(baseUrl: string, label = 'http'): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      jar.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const json = { 'content-type': 'application/json', origin: baseUrl };
  const gate = await fetch(`${baseUrl}/api/beta/verify`, { method: 'POST', headers: json, body: JSON.stringify({ code: betaCode }) });
  if (!gate.ok) throw new Error(`beta gate: ${gate.status} ${await gate.text()}`);
  keep(gate);
  const email = `bench.${label}.${Date.now()}.${process.pid}@example.com`;
  const register = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { ...json, cookie: cookie() },
    body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email, password: 'Vault-Ledger-2049' }),
  });
  if (register.status !== 201) throw new Error(`register: ${register.status} ${await register.text()}`);
  keep(register);
  return cookie();
}

/** The largest JS chunk a public page loads: what Next serves from disk without running app code (the framework's floor). */
export async function staticChunk(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/about`)).text();
  const chunks = [...html.matchAll(/\/_next\/static\/chunks\/[^"'\s]+\.js/g)].map((match) => match[0]);
  if (!chunks.length) throw new Error('no /_next/static chunk found on /about');
  return chunks[0]!;
}

/** One autocannon run: requests per second, latency percentiles in ms, and what failed. */
export interface LoadRun {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Each status code with its count, e.g. "200×51234 304×12". */
  statuses: string;
}

/**
 * autocannon's client appends every response body to a string (its PipelinedRequestsQueue.addBody),
 * which only its body checks read and no benchmark here uses: decoding each gzip body as text made the
 * client, not the server, the limit of a large read. Bytes and latencies are counted as before. Throws
 * if the method is gone (another autocannon), rather than measuring something else silently.
 */
let bodiesDiscarded = false;
function discardResponseBodies() {
  if (bodiesDiscarded) return;
  const queue = createRequire(require.resolve('autocannon'))('./lib/pipelinedRequestsQueue.js') as { prototype: { addBody?: unknown } };
  if (typeof queue.prototype.addBody !== 'function') throw new Error('autocannon no longer has PipelinedRequestsQueue.addBody: check loadRun');
  queue.prototype.addBody = () => {};
  bodiesDiscarded = true;
}

/** `connections` keep-alive connections sending GET `url` with `headers` for `seconds`; response bodies are counted, not kept. */
export async function loadRun(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<LoadRun> {
  discardResponseBodies();
  const result = await autocannon({ url, connections, duration: seconds, headers, pipelining: 1 });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stats]) => `${code}×${(stats as { count: number }).count}`)
    .join(' ');
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses,
  };
}

/** Deliveries of a publisher's events to clients, counted against the ids the publisher got back. */
export interface DeliveryTally {
  /** Every client should hold every published id once. */
  expected: number;
  /** Distinct published ids clients received. */
  delivered: number;
  lost: number;
  /** Receipts of an id the client already held. */
  duplicated: number;
  /** Receipts of an id the publisher never got back. */
  unexpected: number;
  /** Clients that missed at least one event, and that received at least one twice. */
  clientsWithLoss: number;
  clientsWithDuplicates: number;
}

/** `received` holds each client's event ids in the order they arrived, duplicates included. */
export function tallyDeliveries(publishedIds: readonly string[], received: readonly (readonly string[])[]): DeliveryTally {
  const published = new Set(publishedIds);
  const tally: DeliveryTally = { expected: published.size * received.length, delivered: 0, lost: 0, duplicated: 0, unexpected: 0, clientsWithLoss: 0, clientsWithDuplicates: 0 };
  for (const ids of received) {
    const held = new Set<string>();
    let duplicated = 0;
    for (const id of ids) {
      if (!published.has(id)) tally.unexpected += 1;
      else if (held.has(id)) duplicated += 1;
      else held.add(id);
    }
    tally.delivered += held.size;
    tally.duplicated += duplicated;
    if (held.size < published.size) tally.clientsWithLoss += 1;
    if (duplicated > 0) tally.clientsWithDuplicates += 1;
  }
  tally.lost = tally.expected - tally.delivered;
  return tally;
}

/** The database a benchmark's URL names: its own, never one of the server's built-in ones. */
export function benchDatabaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name) || ['postgres', 'template0', 'template1'].includes(name)) {
    throw new Error(`the benchmark needs a database of its own (got "${name}")`);
  }
  return name;
}

/**
 * Creates the benchmark's PostgreSQL database when the server has none of that name (a new machine):
 * a database that answers is used as it is; any other failure than a missing database is thrown, and
 * so is a name that is not the benchmark's own (the server's maintenance databases).
 */
export async function ensureBenchDatabase(url: string): Promise<void> {
  const name = benchDatabaseName(url);
  const target = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await target.connect();
    return;
  } catch (error) {
    // 3D000: invalid_catalog_name, the database does not exist.
    if ((error as { code?: unknown }).code !== '3D000') throw error;
  } finally {
    await target.end().catch(() => undefined);
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}
