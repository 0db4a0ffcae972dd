// npm run bench:api [-- --companies 10000 --signals 1000000 --iterations 200 --max-seconds 20 --only sqlite|postgresql --reuse]
// Issue 4 §7 "Scale": seeds a scratch database with production-sized data (10,000 companies,
// 1,000,000 signals, a CompanyMetric row per company, holdings snapshots and BTC prices) and prints
// the p50/p99 latency of the main reads, calling the real functions of lib/signals/repository.ts and lib/treasury/repository.ts.
// SQLite: a fresh file under .data/bench/. PostgreSQL: a scratch database (default
// postgresql://postgres@127.0.0.1:5432/bench, or BENCH_DATABASE_URL), dropped and recreated; skipped
// when the server does not answer. --reuse keeps an already seeded database (schema migrations are
// still applied), to compare query changes without reseeding.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { Client } from 'pg';
import type { Signal } from '../lib/generated/sqlite/client';
import { percentile } from './lib/bench';
import { prng, weighted } from './lib/scale-data';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string) => {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
};
const companyCount = Number(option('--companies') ?? 10_000);
const signalCount = Number(option('--signals') ?? 1_000_000);
const iterations = Math.max(1, Number(option('--iterations') ?? 200));
const warmup = Math.min(20, iterations);
/** A read slower than the targets by far stops early (the table shows how many samples it took). */
const maxSeconds = Number(option('--max-seconds') ?? 20);
const only = option('--only');
const reuse = flag('--reuse');
const sqliteUrl = 'file:./.data/bench/bench.db';
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/bench';

const day = 86_400_000;
const now = new Date();

// ---------------------------------------------------------------------------------------------
// Data: deterministic (seeded PRNG), so both databases hold the same rows.

const first = ['Aurora', 'Basalt', 'Cobalt', 'Delta', 'Ember', 'Falcon', 'Granite', 'Harbor', 'Iron', 'Juniper', 'Keystone', 'Lumen', 'Meridian', 'Northwind', 'Onyx', 'Pioneer', 'Quartz', 'Redwood', 'Summit', 'Titan', 'Umber', 'Vector', 'Willow', 'Xenon', 'Yarrow', 'Zenith', 'Atlas', 'Beacon', 'Cedar', 'Drift'];
const second = ['Digital', 'Mining', 'Energy', 'Capital', 'Systems', 'Networks', 'Logistics', 'Biotech', 'Media', 'Robotics', 'Foods', 'Motors', 'Semiconductor', 'Payments', 'Realty', 'Analytics', 'Aerospace', 'Pharma', 'Retail', 'Gaming'];
const suffix = ['Inc.', 'Corp.', 'Holdings', 'Group', 'Ltd.', 'plc', 'AG', 'SA', 'Technologies', 'Partners', 'Industries', 'Co.', 'Limited', 'NV', 'ASA', 'KK', 'Bhd'];
const sectors = ['Technology', 'Bitcoin Mining', 'Financial Services', 'Consumer', 'Healthcare', 'Energy', 'Industrials', 'Real Estate', 'Media', null] as const;
const exchanges = ['NASDAQ', 'NYSE', 'TSX', 'LSE', 'XETRA', 'TSE', 'HKEX', 'ASX'];
const countries = ['US', 'CA', 'GB', 'DE', 'JP', 'HK', 'AU', 'FR'];
const grades = [['A+', 0.05], ['A', 0.1], ['B+', 0.15], ['B', 0.2], ['C+', 0.2], ['C', 0.15], ['D', 0.1], ['F', 0.05]] as const;
const severities = [['critical', 0.05], ['high', 0.15], ['medium', 0.4], ['low', 0.4]] as const;
const signalTypes = [['sec-filing', 0.35], ['insider-trading', 0.25], ['pre-pump', 0.1], ['board-meeting', 0.15], ['other', 0.15]] as const;
const sources = ['SEC EDGAR', 'SEC Form 4', 'Press release', 'Exchange notice', 'News wire', 'Social monitoring'];
const events: Record<string, string[]> = {
  'sec-filing': ['filed Form 8-K disclosing a bitcoin purchase', 'filed Form 10-Q with digital asset holdings', 'filed Form S-3 shelf registration', 'amended its 10-K treasury policy note'],
  'insider-trading': ['director bought shares ahead of treasury update', 'CFO sold shares under a 10b5-1 plan', 'CEO purchased shares on the open market', 'officer exercised options'],
  'pre-pump': ['unusual volume before bitcoin announcement', 'social mentions spiked before filing', 'options activity surged ahead of news'],
  'board-meeting': ['scheduled a board meeting on treasury allocation', 'board approved a bitcoin treasury policy', 'announced an extraordinary general meeting'],
  other: ['published a shareholder letter', 'updated investor presentation', 'hosted an earnings call mentioning bitcoin', 'changed auditor'],
};

interface CompanyData {
  id: string;
  name: string;
  ticker: string;
  exchange: string;
  country: string;
  sector: string | null;
  btcHoldings: number;
}

function makeCompanies(): CompanyData[] {
  const random = prng(1);
  const companies: CompanyData[] = [];
  for (let index = 0; index < companyCount; index += 1) {
    // Names are unique: every (first, second, suffix) triple once, then numbered.
    const round = Math.floor(index / (first.length * second.length * suffix.length));
    const rest = index % (first.length * second.length * suffix.length);
    const base = `${first[rest % first.length]} ${second[Math.floor(rest / first.length) % second.length]} ${suffix[Math.floor(rest / (first.length * second.length))]}`;
    companies.push({
      id: `bench-company-${String(index).padStart(6, '0')}`,
      name: round ? `${base} ${round + 1}` : base,
      ticker: `B${index.toString(36).toUpperCase().padStart(4, '0')}`,
      exchange: exchanges[index % exchanges.length]!,
      country: countries[index % countries.length]!,
      sector: sectors[Math.floor(random() * sectors.length)]!,
      btcHoldings: Math.round(Math.pow(random(), 6) * 500_000 * 1000) / 1000,
    });
  }
  return companies;
}

/** The stored signal columns the benchmark fills. */
type SignalData = Pick<Signal, 'id' | 'sourceId' | 'companyId' | 'companyName' | 'description' | 'source' | 'detectedAt' | 'confidence' | 'signalType' | 'severity' | 'filingUrl' | 'currentPrice' | 'formType'>;

/** Signals in batches; companies are skewed (a few are mentioned often, most rarely). */
function* makeSignals(companies: CompanyData[], batchSize: number): Generator<SignalData[]> {
  const random = prng(2);
  let batch: SignalData[] = [];
  for (let index = 0; index < signalCount; index += 1) {
    const company = companies[Math.floor(companies.length * random() * random())]!;
    const signalType = weighted(random, signalTypes);
    const phrases = events[signalType]!;
    const detectedAt = new Date(now.getTime() - Math.floor(random() * 730 * day));
    const sec = signalType === 'sec-filing' || signalType === 'insider-trading';
    batch.push({
      id: `bench-signal-${String(index).padStart(8, '0')}`,
      sourceId: `bench:${index}`,
      // A few signals name a company that is not tracked.
      companyId: random() < 0.03 ? null : company.id,
      companyName: company.name,
      description: `${company.name} ${phrases[Math.floor(random() * phrases.length)]}`,
      source: sources[Math.floor(random() * sources.length)]!,
      detectedAt,
      confidence: 40 + Math.floor(random() * 60),
      signalType,
      severity: weighted(random, severities),
      filingUrl: sec ? `https://www.sec.gov/Archives/edgar/data/${index}/000${index}.htm` : null,
      currentPrice: random() < 0.5 ? Math.round(random() * 50_000) / 100 : null,
      formType: sec ? (signalType === 'insider-trading' ? '4' : '8-K') : null,
    });
    if (batch.length === batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

function companyRows(companies: CompanyData[]) {
  const random = prng(3);
  return companies.map((company) => {
    const shares = Math.round(1e6 + random() * 5e8);
    const price = Math.round(random() * 50_000) / 100;
    return { ...company, sharesOutstanding: shares, sharePriceUsd: price, marketCapUsd: random() < 0.9 ? shares * price : null, avgCostUsd: 20_000 + random() * 60_000, holdingsAsOf: new Date(now.getTime() - Math.floor(random() * 60) * day) };
  });
}

function metricRows(companies: CompanyData[]) {
  const random = prng(4);
  return companies.map((company) => ({
    companyId: company.id,
    healthGrade: weighted(random, grades),
    aiRiskScore: Math.round(random() * 100) / 10,
    convictionScore: Math.round(random() * 100) / 10,
    governanceScore: Math.round(random() * 100) / 10,
    dryPowderScore: Math.round(random() * 100) / 10,
    premiumToNav: random() < 0.8 ? Math.round(random() * 500) / 100 : null,
    bitcoinYield: random() < 0.6 ? Math.round(random() * 5000) / 100 : null,
    insiderTimingSignal: Math.round(random() * 100) / 10,
    volatilityExposure: Math.round(random() * 100) / 10,
    defaults: random() < 0.2 ? 'premiumToNav' : '',
  }));
}

/** Four quarterly snapshots per company (the last is the current figure). */
function snapshotRows(companies: CompanyData[]) {
  const rows: { id: string; companyId: string; quantity: number; asOf: Date }[] = [];
  for (const company of companies) {
    for (let quarter = 3; quarter >= 0; quarter -= 1) {
      rows.push({ id: `${company.id}-snap-${quarter}`, companyId: company.id, quantity: Math.round(company.btcHoldings * (1 - quarter * 0.1) * 1000) / 1000, asOf: new Date(now.getTime() - (quarter * 91 + 1) * day) });
    }
  }
  return rows;
}

/** Two years of daily BTC closes plus hourly ticks for the last 90 days (like the price job). */
function priceRows() {
  const random = prng(5);
  const rows: { id: string; at: Date; priceUsd: number }[] = [];
  let price = 40_000;
  const start = Math.floor(now.getTime() / day) * day - 730 * day;
  for (let at = start; at <= now.getTime(); at += at >= now.getTime() - 90 * day ? 3_600_000 : day) {
    price = Math.max(10_000, price * (1 + (random() - 0.49) * 0.04));
    rows.push({ id: `bench-btc-${at}`, at: new Date(at), priceUsd: Math.round(price * 100) / 100 });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Seeding.

type Row = Record<string, string | number | boolean | Date | null>;

interface Table {
  name: string;
  columns: string[];
  /** PostgreSQL array types for the unnest() insert, in column order. */
  types: string[];
}

const tables = {
  company: {
    name: 'Company',
    columns: ['id', 'name', 'ticker', 'exchange', 'country', 'sector', 'btcHoldings', 'holdingsAsOf', 'sharesOutstanding', 'avgCostUsd', 'source', 'holdingsSourceUrl', 'marketCapUsd', 'sharePriceUsd', 'flagged', 'createdAt', 'updatedAt'],
    types: ['text', 'text', 'text', 'text', 'text', 'text', 'float8', 'timestamp(3)', 'float8', 'float8', 'text', 'text', 'float8', 'float8', 'bool', 'timestamp(3)', 'timestamp(3)'],
  },
  metric: {
    name: 'CompanyMetric',
    columns: ['companyId', 'healthGrade', 'aiRiskScore', 'convictionScore', 'governanceScore', 'dryPowderScore', 'premiumToNav', 'bitcoinYield', 'insiderTimingSignal', 'volatilityExposure', 'defaults', 'computedAt'],
    types: ['text', 'text', 'float8', 'float8', 'float8', 'float8', 'float8', 'float8', 'float8', 'float8', 'text', 'timestamp(3)'],
  },
  snapshot: {
    name: 'HoldingSnapshot',
    columns: ['id', 'companyId', 'asset', 'quantity', 'asOf', 'source', 'createdAt'],
    types: ['text', 'text', 'text', 'float8', 'timestamp(3)', 'text', 'timestamp(3)'],
  },
  price: {
    name: 'MarketPrice',
    columns: ['id', 'symbol', 'priceUsd', 'at', 'source', 'createdAt'],
    types: ['text', 'text', 'float8', 'timestamp(3)', 'text', 'timestamp(3)'],
  },
  signal: {
    name: 'Signal',
    columns: ['id', 'sourceId', 'companyId', 'companyName', 'description', 'source', 'detectedAt', 'confidence', 'signalType', 'severity', 'filingUrl', 'currentPrice', 'formType', 'createdAt'],
    types: ['text', 'text', 'text', 'text', 'text', 'text', 'timestamp(3)', 'int4', 'text', 'text', 'text', 'float8', 'text', 'timestamp(3)'],
  },
} satisfies Record<string, Table>;

function* allRows(): Generator<[Table, Row[]]> {
  const companies = makeCompanies();
  const chunk = <T>(rows: T[], size = 5000) => Array.from({ length: Math.ceil(rows.length / size) }, (_, index) => rows.slice(index * size, (index + 1) * size));
  for (const rows of chunk(companyRows(companies))) {
    yield [tables.company, rows.map((row) => ({ ...row, source: 'bench', holdingsSourceUrl: 'https://example.com/filing', flagged: false, createdAt: now, updatedAt: now }))];
  }
  for (const rows of chunk(metricRows(companies))) yield [tables.metric, rows.map((row) => ({ ...row, computedAt: now }))];
  for (const rows of chunk(snapshotRows(companies))) yield [tables.snapshot, rows.map((row) => ({ ...row, asset: 'BTC', source: 'bench', createdAt: now }))];
  for (const rows of chunk(priceRows())) yield [tables.price, rows.map((row) => ({ ...row, symbol: 'BTC', source: 'bench', createdAt: now }))];
  for (const rows of makeSignals(companies, 5000)) yield [tables.signal, rows.map((row) => ({ ...row, createdAt: now }))];
}

/** Prisma's SQLite adapter stores DateTime as ISO 8601 text and booleans as 0/1. */
function sqliteValue(value: Row[string]) {
  if (value instanceof Date) return value.toISOString().replace('Z', '+00:00');
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

function seedSqlite(file: string) {
  const sqlite = new Database(file, { timeout: 10_000 });
  sqlite.pragma('synchronous = OFF');
  const statements = new Map<string, Database.Statement>();
  const insert = sqlite.transaction((table: Table, rows: Row[]) => {
    let statement = statements.get(table.name);
    if (!statement) {
      statement = sqlite.prepare(`INSERT INTO "${table.name}" (${table.columns.map((column) => `"${column}"`).join(', ')}) VALUES (${table.columns.map(() => '?').join(', ')})`);
      statements.set(table.name, statement);
    }
    for (const row of rows) statement.run(table.columns.map((column) => sqliteValue(row[column] ?? null)));
  });
  for (const [table, rows] of allRows()) insert(table, rows);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.close();
}

function postgresValue(value: Row[string]) {
  // Prisma's PostgreSQL DateTime is timestamp(3) without time zone, holding UTC.
  if (value instanceof Date) return value.toISOString().replace('T', ' ').replace('Z', '');
  return value;
}

async function seedPostgres(url: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SET synchronous_commit = off');
    for (const [table, rows] of allRows()) {
      // One statement per batch: each column travels as one array parameter.
      const columns = table.columns.map((column) => rows.map((row) => postgresValue(row[column] ?? null)));
      await client.query(
        `INSERT INTO "${table.name}" (${table.columns.map((column) => `"${column}"`).join(', ')}) SELECT * FROM unnest(${table.types.map((type, index) => `$${index + 1}::${type}[]`).join(', ')})`,
        columns,
      );
    }
    // Autovacuum would analyse the new tables within a minute in production; do it now.
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring.

interface Result {
  read: string;
  p50: number;
  p99: number;
  rows: number;
  samples: number;
}

async function measure(read: string, run: () => Promise<unknown>): Promise<Result> {
  let rows = 0;
  const deadline = performance.now() + maxSeconds * 1000;
  for (let index = 0; index < warmup && performance.now() < deadline; index += 1) {
    const value = await run();
    rows = Array.isArray(value) ? value.length : value && typeof value === 'object' && 'signals' in value ? (value as { signals: unknown[] }).signals.length : 1;
  }
  const times: number[] = [];
  for (let index = 0; index < iterations && (index < 10 || performance.now() < deadline); index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { read, p50: percentile(times, 50), p99: percentile(times, 99), rows, samples: times.length };
}

async function runReads(url: string): Promise<Result[]> {
  // listSignals picks the case-insensitive mode from DATABASE_URL, as in the server.
  process.env.DATABASE_URL = url;
  const { createDb } = await import('../lib/db');
  const signals = await import('../lib/signals/repository');
  const treasury = await import('../lib/treasury/repository');
  const db = createDb(url);
  try {
    const companies = makeCompanies();
    // A mid-ranked company: its name matches a small fraction of the signals.
    const rare = companies[Math.floor(companies.length * 0.6)]!.name;
    const firstPage = await signals.listSignals(db, { limit: 50 });
    const cursor = signals.decodeCursor(firstPage.nextCursor ?? '') ?? undefined;
    const criticalPage = await signals.listSignals(db, { severity: 'critical', limit: 50 });
    const criticalCursor = signals.decodeCursor(criticalPage.nextCursor ?? '') ?? undefined;
    const reads: [string, () => Promise<unknown>][] = [
      ["signals severity=critical", () => signals.listSignals(db, { severity: 'critical', limit: 50 })],
      ["signals severity=critical page 2", () => signals.listSignals(db, { severity: 'critical', limit: 50, cursor: criticalCursor })],
      [`signals q="${rare}"`, () => signals.listSignals(db, { q: rare, limit: 50 })],
      ['signals q="bitcoin"', () => signals.listSignals(db, { q: 'bitcoin', limit: 50 })],
      ['signals q="nomatch"', () => signals.listSignals(db, { q: 'zzqx', limit: 50 })],
      ['signals page 2 (cursor)', () => signals.listSignals(db, { limit: 50, cursor })],
      ['holdings limit=100', () => treasury.listHoldings(db, { limit: 100, offset: 0 })],
      ['dashboard stats', () => treasury.getDashboardStats(db)],
      ['health distribution', () => treasury.getHealthDistribution(db)],
      ['sector allocation', () => treasury.getSectorAllocation(db)],
    ];
    const results: Result[] = [];
    for (const [read, run] of reads) {
      const result = await measure(read, run);
      console.log(`  ${read.padEnd(48)} p50 ${result.p50.toFixed(1).padStart(7)} ms  p99 ${result.p99.toFixed(1).padStart(7)} ms  (${result.rows} rows, ${result.samples} samples)`);
      results.push(result);
    }
    return results;
  } finally {
    await db.$disconnect();
  }
}

// ---------------------------------------------------------------------------------------------

/**
 * Migrates with scripts/db.ts in a child process, as the integration tests do: the schema engine
 * keeps its SQLite connection (and lock) until the process ends.
 */
function migrate(url: string) {
  execFileSync(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'db.ts'), 'migrate'], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function benchSqlite(): Promise<Result[]> {
  const { sqliteFilePath } = await import('../lib/db/migrate');
  const file = sqliteFilePath(sqliteUrl);
  const seeded = reuse && fs.existsSync(file);
  if (!seeded) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });
  }
  migrate(sqliteUrl);
  if (seeded) console.log(`SQLite: reusing ${path.relative(process.cwd(), file)}`);
  else {
    const started = performance.now();
    seedSqlite(file);
    console.log(`SQLite: seeded ${companyCount} companies and ${signalCount} signals in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return runReads(sqliteUrl);
}

async function benchPostgres(): Promise<Result[] | null> {
  const target = new URL(postgresUrl);
  const database = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(database) || ['postgres', 'template0', 'template1'].includes(database)) {
    throw new Error(`BENCH_DATABASE_URL must name a scratch database (got "${database}"): it is dropped and recreated`);
  }
  const admin = new URL(postgresUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    console.log(`PostgreSQL: skipped, no server at ${admin.host} (${error instanceof Error ? error.message : error})`);
    return null;
  }
  let seeded = false;
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    seeded = reuse && exists.rowCount === 1;
    if (!seeded) {
      await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${database}"`);
    }
  } finally {
    await client.end();
  }
  migrate(postgresUrl);
  if (seeded) console.log(`PostgreSQL: reusing database ${database}`);
  else {
    const started = performance.now();
    await seedPostgres(postgresUrl);
    console.log(`PostgreSQL: seeded ${companyCount} companies and ${signalCount} signals in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return runReads(postgresUrl);
}

function table(results: Map<string, Result[]>) {
  const names = [...results.keys()];
  const reads = results.get(names[0]!)!.map((result) => result.read);
  const header = ['read', ...names.flatMap((name) => [`${name} p50 ms`, `${name} p99 ms`])];
  const rows = reads.map((read) => [read, ...names.flatMap((name) => {
    const result = results.get(name)!.find((entry) => entry.read === read)!;
    const capped = result.samples < iterations ? ` (n=${result.samples})` : '';
    return [result.p50.toFixed(1), result.p99.toFixed(1) + capped];
  })]);
  const widths = header.map((cell, index) => Math.max(cell.length, ...rows.map((row) => row[index]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, index) => (index ? cell.padStart(widths[index]!) : cell.padEnd(widths[index]!))).join(' | ')} |`;
  console.log(`\n${line(header)}\n| ${widths.map((width, index) => (index ? '-'.repeat(width - 1) + ':' : '-'.repeat(width))).join(' | ')} |`);
  for (const row of rows) console.log(line(row));
}

async function main() {
  console.log(`Bench: ${companyCount} companies, ${signalCount} signals, ${iterations} iterations after ${warmup} warm-up calls`);
  const results = new Map<string, Result[]>();
  if (!only || only === 'sqlite') results.set('SQLite', await benchSqlite());
  if (!only || only === 'postgresql') {
    const postgres = await benchPostgres();
    if (postgres) results.set('PostgreSQL', postgres);
  }
  if (results.size) table(results);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
