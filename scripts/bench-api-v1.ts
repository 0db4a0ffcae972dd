// npm run bench:api-v1 [-- --seconds 6 --rounds 3 --connections 8 --port 3810 --only sqlite|postgresql --postgres-url postgresql://…]
// Requests per second and p50/p99 latency of the read API (issue 17): GET /api/v1/companies and
// /api/v1/signals with a personal key, against the same endpoints with the session cookie and the
// screens' own /api/companies and /api/signals, on a production build served by server.ts. Runs on a
// scratch SQLite database and, when PostgreSQL answers, on the database --postgres-url names
// (default: the local `bench_api_v1` database, created when missing, then migrated and seeded). A bounded closed loop on loopback:
// `connections` requests in flight, `seconds` per scenario split over `rounds` interleaved rounds,
// after a one-second warm-up of each.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchServerEnv, ensureBenchDatabase, percentile, signUp, waitForServer } from './lib/bench';

const args = new Map(process.argv.slice(2).map((arg, index, all) => [arg, all[index + 1]]));
const seconds = Number(args.get('--seconds') ?? 6);
const rounds = Number(args.get('--rounds') ?? 3);
const connections = Number(args.get('--connections') ?? 8);
const port = Number(args.get('--port') ?? 3810);
const only = args.get('--only');
// Not bench:api's `bench` database: that one holds ten thousand companies, and the seed leaves a filled database as it is.
const postgresUrl = args.get('--postgres-url') ?? process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/bench_api_v1';
const baseUrl = `http://127.0.0.1:${port}`;

interface Result {
  label: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

interface Scenario {
  label: string;
  url: string;
  headers: Record<string, string>;
}

/** `connections` loops each sending the next request as soon as the last one answered. */
async function closedLoop(scenario: Scenario, durationMs: number) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const response = await fetch(scenario.url, { headers: scenario.headers });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        if (response.status !== 200) errors += 1;
      }
    }),
  );
  return { latencies, errors };
}

/**
 * Every scenario in turn, `rounds` times, for `seconds / rounds` each: on a shared machine the load
 * drifts, and interleaving spreads the drift over all scenarios instead of biasing one.
 */
async function measure(scenarios: Scenario[]): Promise<Result[]> {
  for (const scenario of scenarios) await closedLoop(scenario, 1000);
  const totals = scenarios.map(() => ({ latencies: [] as number[], errors: 0 }));
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, scenario] of scenarios.entries()) {
      const { latencies, errors } = await closedLoop(scenario, (seconds * 1000) / rounds);
      totals[index]!.latencies.push(...latencies);
      totals[index]!.errors += errors;
    }
  }
  return scenarios.map((scenario, index) => {
    const latencies = totals[index]!.latencies.sort((a, b) => a - b);
    return { label: scenario.label, requests: latencies.length, errors: totals[index]!.errors, rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  });
}

/** Registers an entitled user over HTTP and creates a key with the session, as the account page does. */
async function subscriberWithKey(): Promise<{ cookie: string; key: string }> {
  const cookie = await signUp(baseUrl, 'api-v1');
  const response = await fetch(`${baseUrl}/api/account/api-keys`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'bench' }),
  });
  if (!response.ok) throw new Error(`/api/account/api-keys: ${response.status} ${await response.text()}`);
  const created = (await response.json()) as { secret: string };
  return { cookie, key: created.secret };
}

/** Whether PostgreSQL at `url` answers (its database created when missing); why not, printed. */
async function postgresAnswers(url: string): Promise<boolean> {
  try {
    await ensureBenchDatabase(url);
    return true;
  } catch (error) {
    console.log(`postgresql: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

async function benchProvider(name: string, databaseUrl: string): Promise<Result[]> {
  const env = {
    ...benchServerEnv(databaseUrl, port),
    // The limit is not what is measured here.
    API_RATE_LIMITS: 'starter=100000000,professional=100000000,enterprise=100000000,beta=100000000',
  };
  console.log(`${name}: migrating and seeding…`);
  execFileSync(process.execPath, [require.resolve('tsx/cli'), 'scripts/db.ts', 'setup'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const server = spawn(process.execPath, [require.resolve('tsx/cli'), 'server.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitForServer(server, baseUrl, 90_000);
    const { cookie, key } = await subscriberWithKey();
    const scenarios: Scenario[] = [];
    for (const [endpoint, v1Path, screenPath] of [
      ['companies', '/api/v1/companies?limit=50', '/api/companies?limit=50'],
      ['signals', '/api/v1/signals?limit=50', '/api/signals?limit=50'],
    ] as const) {
      scenarios.push({ label: `${name} ${endpoint}  v1 + key`, url: `${baseUrl}${v1Path}`, headers: { authorization: `Bearer ${key}` } });
      scenarios.push({ label: `${name} ${endpoint}  v1 + session cookie`, url: `${baseUrl}${v1Path}`, headers: { cookie } });
      scenarios.push({ label: `${name} ${endpoint}  screen API + session cookie`, url: `${baseUrl}${screenPath}`, headers: { cookie } });
    }
    const results = await measure(scenarios);
    return results;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

async function main() {
  if (!fs.existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) throw new Error('No production build: run `NEXT_SKIP_TYPECHECK=1 npx next build` first.');
  const results: Result[] = [];
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-v1-'));
  try {
    if (only !== 'postgresql') results.push(...(await benchProvider('sqlite', `file:${path.join(scratch, 'bench.db')}`)));
    if (only !== 'sqlite') {
      if (!(await postgresAnswers(postgresUrl))) console.log(`postgresql: ${postgresUrl.replace(/\/\/[^@]*@/, '//')} does not answer; skipped`);
      else {
        try {
          results.push(...(await benchProvider('postgresql', postgresUrl)));
        } catch (error) {
          // An empty database seeds in a few seconds; a loaded machine can push the seed past its transaction timeout.
          console.log(`postgresql: failed (${error instanceof Error ? error.message.split('\n')[0] : 'unknown error'}); the SQLite rows stand`);
        }
      }
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`\n${connections} connections, ${seconds} s per row in ${rounds} interleaved rounds, loopback, production build (server.ts), load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`${'scenario'.padEnd(52)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'non-200'.padStart(8)}`);
  for (const result of results) {
    console.log(`${result.label.padEnd(52)} ${result.rps.toFixed(0).padStart(8)} ${result.p50.toFixed(1).padStart(8)} ${result.p99.toFixed(1).padStart(8)} ${String(result.errors).padStart(8)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
