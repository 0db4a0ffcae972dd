import { Client } from 'pg';
import { benchDatabaseName, ensureBenchDatabase } from './bench';

// The data-scale benchmark's dataset (issue 29 §4): ten times the demo, and synthetic through and
// through. Every company is "Synthetic Co 0001"… on the exchange SYNTH, every source says
// synthetic-benchmark, every user is synthetic-user-…@bench.invalid, and the database carries a
// marker table naming this generator and its version. It is written only into a database of its own
// (never by db:seed, never into the demo's), so nothing here can pass for real data.

/** Raise when the generated rows change: a database holding another version is regenerated. */
const scaleDataVersion = 2;

export const scaleDataSize = { companies: 1_500, days: 365, signals: 1_000_000, users: 100_000 } as const;

/** What every generated row names as its source. */
const syntheticSource = 'synthetic-benchmark';

/** The password every synthetic user shares (its hash is computed once). */
const syntheticPassword = 'Synthetic-Bench-2049';

const markerTable = 'BenchScaleDataset';
const day = 86_400_000;

/** A deterministic PRNG (mulberry32): the same seed gives the same dataset. */
export function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function weighted<T>(random: () => number, entries: readonly (readonly [T, number])[]): T {
  let roll = random();
  for (const [value, weight] of entries) {
    if ((roll -= weight) < 0) return value;
  }
  return entries.at(-1)![0];
}

export const companyName = (index: number) => `Synthetic Co ${String(index + 1).padStart(4, '0')}`;
const companyId = (index: number) => `syn-company-${String(index + 1).padStart(4, '0')}`;

// Names that signals mention and no tracked company bears, each a few times in a million: what a
// search for a rare name has to find.
const rareFirst = ['Quillmoor', 'Vexhollow', 'Brindlecrest', 'Ostrava', 'Pellucid', 'Marrowgate', 'Thistlewick', 'Zephyrine', 'Kestrelmark', 'Umbravale', 'Glimmerfen', 'Corvantis', 'Halcyra', 'Dunmorrow', 'Frostmere', 'Ravenholt', 'Sablecourt', 'Wyndspire', 'Larkhaven', 'Emberlyn'];
const rareSecond = ['Treasury', 'Ventures', 'Capital', 'Digital', 'Mining', 'Holdings', 'Labs', 'Systems', 'Energy', 'Partners'];
export const rareNames = rareFirst.flatMap((first) => rareSecond.map((second) => `Synthetic ${first} ${second}`));

const sectors = ['Technology', 'Bitcoin Mining', 'Financial Services', 'Consumer', 'Healthcare', 'Energy', 'Industrials', 'Real Estate', 'Media', null] as const;
const countries = ['US', 'CA', 'GB', 'DE', 'JP', 'HK', 'AU', 'FR'];
const severities = [['critical', 0.05], ['high', 0.15], ['medium', 0.4], ['low', 0.4]] as const;
const signalTypes = [['sec-filing', 0.35], ['insider-trading', 0.25], ['pre-pump', 0.1], ['board-meeting', 0.15], ['other', 0.15]] as const;
const signalSources = ['Synthetic filings feed', 'Synthetic insider feed', 'Synthetic press wire', 'Synthetic exchange notices', 'Synthetic social monitor'];
const events: Record<string, string[]> = {
  'sec-filing': ['filed Form 8-K disclosing a bitcoin purchase', 'filed Form 10-Q with digital asset holdings', 'filed Form S-3 shelf registration', 'amended its 10-K treasury policy note', 'filed an 8-K on a convertible note offering'],
  'insider-trading': ['director bought shares ahead of treasury update', 'CFO sold shares under a 10b5-1 plan', 'CEO purchased shares on the open market', 'officer exercised options'],
  'pre-pump': ['unusual volume before bitcoin announcement', 'social mentions spiked before filing', 'options activity surged ahead of news'],
  'board-meeting': ['scheduled a board meeting on treasury allocation', 'board approved a bitcoin treasury policy', 'announced an extraordinary general meeting'],
  other: ['published a shareholder letter', 'updated investor presentation', 'hosted an earnings call mentioning bitcoin', 'changed auditor', 'appointed a new treasurer'],
};

/** The search terms a benchmark can expect to hit: phrases of the descriptions above. */
export const commonTerms = ['bitcoin', 'treasury', 'Form 8-K', 'director bought', 'shareholder letter', 'options', 'board', 'convertible note', 'auditor', 'earnings call', 'volume', 'insider', 'filings feed', 'press wire', 'shelf registration'];

type Value = string | number | boolean | Date | null;

interface Table {
  name: string;
  columns: readonly (readonly [column: string, type: string])[];
}

function table(name: string, columns: Record<string, string>): Table {
  return { name, columns: Object.entries(columns) };
}

const tables = {
  company: table('Company', {
    id: 'text', name: 'text', ticker: 'text', exchange: 'text', country: 'text', sector: 'text', btcHoldings: 'float8', holdingsAsOf: 'timestamp(3)',
    sharesOutstanding: 'float8', avgCostUsd: 'float8', source: 'text', notes: 'text', marketCapUsd: 'float8', sharePriceUsd: 'float8', sharePriceAt: 'timestamp(3)',
    flagged: 'bool', flagReason: 'text', flagCheck: 'text', createdAt: 'timestamp(3)', updatedAt: 'timestamp(3)',
  }),
  snapshot: table('HoldingSnapshot', { id: 'text', companyId: 'text', asset: 'text', quantity: 'float8', asOf: 'timestamp(3)', source: 'text', createdAt: 'timestamp(3)' }),
  change: table('HoldingChange', { id: 'text', companyId: 'text', asset: 'text', oldQuantity: 'float8', newQuantity: 'float8', source: 'text', learnedAt: 'timestamp(3)', note: 'text' }),
  equityPrice: table('EquityPrice', { id: 'text', companyId: 'text', date: 'timestamp(3)', close: 'float8', currency: 'text', closeUsd: 'float8', fxRate: 'float8', fxDate: 'timestamp(3)', source: 'text', createdAt: 'timestamp(3)' }),
  fundamental: table('CompanyFundamental', { id: 'text', companyId: 'text', field: 'text', value: 'float8', unit: 'text', currency: 'text', asOf: 'timestamp(3)', accession: 'text', source: 'text', createdAt: 'timestamp(3)' }),
  insider: table('InsiderTransaction', { id: 'text', sourceId: 'text', companyId: 'text', insiderName: 'text', insiderRole: 'text', transactionDate: 'timestamp(3)', shares: 'float8', pricePerShare: 'float8', acquiredDisposed: 'text', createdAt: 'timestamp(3)' }),
  marketPrice: table('MarketPrice', { id: 'text', symbol: 'text', priceUsd: 'float8', at: 'timestamp(3)', source: 'text', createdAt: 'timestamp(3)' }),
  signal: table('Signal', {
    id: 'text', sourceId: 'text', companyId: 'text', companyName: 'text', description: 'text', source: 'text', detectedAt: 'timestamp(3)', confidence: 'int4',
    signalType: 'text', severity: 'text', formType: 'text', createdAt: 'timestamp(3)',
  }),
  discovery: table('Discovery', {
    id: 'text', sourceId: 'text', companyName: 'text', status: 'text', type: 'text', priority: 'text', description: 'text', source: 'text', detectedAt: 'timestamp(3)', createdAt: 'timestamp(3)', updatedAt: 'timestamp(3)',
  }),
  user: table('User', {
    id: 'text', email: 'text', firstName: 'text', lastName: 'text', passwordHash: 'text', subscriptionStatus: 'text', betaAccess: 'bool', emailVerifiedAt: 'timestamp(3)',
    passwordChangedAt: 'timestamp(3)', createdAt: 'timestamp(3)', updatedAt: 'timestamp(3)',
  }),
};

/** The tables the generator fills, emptied before a regeneration (children first). */
const generatedTables = ['Signal', 'Discovery', 'InsiderTransaction', 'CompanyFundamental', 'EquityPrice', 'HoldingChange', 'HoldingSnapshot', 'CompanyMetric', 'Company', 'MarketPrice', 'User'];

/** Prisma's PostgreSQL DateTime is timestamp(3) without time zone, holding UTC. */
function postgresValue(value: Value) {
  return value instanceof Date ? value.toISOString().replace('T', ' ').replace('Z', '') : value;
}

/** One INSERT per batch: each column travels as one array parameter, unnest() turns them into rows. */
async function insert(client: Client, target: Table, rows: readonly Record<string, Value>[]) {
  if (rows.length === 0) return;
  const names = target.columns.map(([column]) => `"${column}"`).join(', ');
  const arrays = target.columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  await client.query(
    `INSERT INTO "${target.name}" (${names}) SELECT * FROM unnest(${arrays})`,
    target.columns.map(([column]) => rows.map((row) => postgresValue(row[column] ?? null))),
  );
}

/** Collects rows and writes them in batches; `before` runs first (writing the parents of the rows). */
function batcher(client: Client, target: Table, options: { size?: number; before?: () => Promise<void> } = {}) {
  let rows: Record<string, Value>[] = [];
  let written = 0;
  return {
    async add(row: Record<string, Value>) {
      rows.push(row);
      if (rows.length >= (options.size ?? 10_000)) await this.flush();
    },
    async flush() {
      await options.before?.();
      await insert(client, target, rows);
      written += rows.length;
      rows = [];
    },
    get written() {
      return written;
    },
  };
}

interface CompanyPlan {
  id: string;
  name: string;
}

const utcMidnight = (time: number) => Math.floor(time / day) * day;

async function generateCompanies(client: Client, today: number, log: (line: string) => void): Promise<CompanyPlan[]> {
  const random = prng(1);
  const { companies: count, days } = scaleDataSize;
  const first = today - (days - 1) * day;
  const plans: CompanyPlan[] = [];
  const companies = batcher(client, tables.company);
  // A company's rows go in after the company's own.
  const child = { before: () => companies.flush() };
  const snapshots = batcher(client, tables.snapshot, child);
  const changes = batcher(client, tables.change, child);
  const prices = batcher(client, tables.equityPrice, child);
  const fundamentals = batcher(client, tables.fundamental, child);
  const insiders = batcher(client, tables.insider, child);
  const created = new Date(today);
  for (let index = 0; index < count; index += 1) {
    const id = companyId(index);
    // A few large holders and a long tail, as in the real list.
    let quantity = Math.max(1, Math.round(Math.pow(random(), 5) * 400_000));
    const shares = Math.round(5e6 + random() * 4e8);
    let close = 2 + random() * 300;
    const children: [typeof snapshots, Record<string, Value>][] = [];
    for (let offset = 0; offset < days; offset += 1) {
      const date = new Date(first + offset * day);
      // Buys now and then (about one a month), each a few per cent more.
      if (offset > 0 && random() < 1 / 30) {
        const before = quantity;
        quantity = Math.round(quantity * (1 + random() * 0.08) + 1);
        children.push([changes, { id: `${id}-change-${offset}`, companyId: id, asset: 'BTC', oldQuantity: before, newQuantity: quantity, source: syntheticSource, learnedAt: date, note: 'Synthetic benchmark data' }]);
      }
      children.push([snapshots, { id: `${id}-snap-${offset}`, companyId: id, asset: 'BTC', quantity, asOf: date, source: syntheticSource, createdAt: created }]);
      close = Math.max(0.5, close * (1 + (random() - 0.495) * 0.06));
      const weekday = date.getUTCDay();
      if (weekday !== 0 && weekday !== 6) {
        children.push([prices, { id: `${id}-close-${offset}`, companyId: id, date, close, currency: 'USD', closeUsd: close, fxRate: 1, fxDate: date, source: syntheticSource, createdAt: created }]);
      }
    }
    for (let quarter = 0; quarter < 4; quarter += 1) {
      const asOf = new Date(utcMidnight(first + quarter * 91 * day));
      const basic = Math.round(shares * (0.9 + quarter * 0.03));
      const figures = { shares_outstanding_basic: basic, shares_outstanding_diluted: Math.round(basic * 1.08), total_debt: Math.round(random() * 2e8), cash: Math.round(random() * 1e8) };
      for (const [field, value] of Object.entries(figures)) {
        const unit = field.startsWith('shares') ? 'shares' : 'amount';
        children.push([fundamentals, { id: `${id}-${field}-${quarter}`, companyId: id, field, value, unit, currency: unit === 'amount' ? 'USD' : null, asOf, accession: '', source: syntheticSource, createdAt: created }]);
      }
    }
    for (let trade = 0; trade < 10; trade += 1) {
      children.push([insiders, {
        id: `${id}-insider-${trade}`,
        sourceId: `synthetic:${id}:insider:${trade}`,
        companyId: id,
        insiderName: `Synthetic Insider ${trade + 1}`,
        insiderRole: trade % 2 ? 'Director' : 'Officer',
        transactionDate: new Date(today - Math.floor(random() * 180) * day),
        shares: Math.round(random() * 50_000) + 100,
        pricePerShare: close,
        acquiredDisposed: random() < 0.6 ? 'A' : 'D',
        createdAt: created,
      }]);
    }
    const sector = sectors[Math.floor(random() * sectors.length)]!;
    const flagged = random() < 0.02;
    await companies.add({
      id,
      name: companyName(index),
      ticker: `SYN${String(index + 1).padStart(4, '0')}`,
      exchange: 'SYNTH',
      country: countries[index % countries.length]!,
      sector,
      btcHoldings: quantity,
      holdingsAsOf: new Date(today),
      sharesOutstanding: shares,
      avgCostUsd: 20_000 + random() * 60_000,
      source: syntheticSource,
      notes: 'Synthetic benchmark data (npm run bench:scale); not a real company.',
      marketCapUsd: Math.round(shares * close),
      sharePriceUsd: close,
      sharePriceAt: new Date(today),
      flagged,
      flagReason: flagged ? 'Synthetic flag for the benchmark' : null,
      flagCheck: flagged ? 'known-issue' : null,
      createdAt: created,
      updatedAt: created,
    });
    for (const [rows, row] of children) await rows.add(row);
    plans.push({ id, name: companyName(index) });
  }
  // Parents first: the batches of children wait until every company row is written.
  await companies.flush();
  for (const rows of [snapshots, changes, prices, fundamentals, insiders]) await rows.flush();
  log(`  ${companies.written} companies, ${snapshots.written} holdings snapshots, ${changes.written} holdings changes, ${prices.written} equity closes, ${fundamentals.written} fundamentals, ${insiders.written} insider trades`);
  return plans;
}

async function generateMarketPrices(client: Client, today: number) {
  const random = prng(5);
  const rows = batcher(client, tables.marketPrice);
  const created = new Date(today);
  for (const [symbol, start] of [['BTC', 40_000], ['ETH', 2_500]] as const) {
    let price: number = start;
    // Two years of daily closes, then hourly ticks over the last 90 days (as the price job stores them).
    for (let at = today - 730 * day; at <= Date.now(); at += at >= today - 90 * day ? 3_600_000 : day) {
      price = Math.max(start / 4, price * (1 + (random() - 0.49) * (at >= today - 90 * day ? 0.004 : 0.03)));
      await rows.add({ id: `syn-${symbol}-${at}`, symbol, priceUsd: Math.round(price * 100) / 100, at: new Date(at), source: syntheticSource, createdAt: created });
    }
  }
  await rows.flush();
  return rows.written;
}

async function generateSignals(client: Client, companies: readonly CompanyPlan[], today: number) {
  const random = prng(2);
  const rows = batcher(client, tables.signal);
  const created = new Date(today);
  const newest = Date.now();
  for (let index = 0; index < scaleDataSize.signals; index += 1) {
    // Skewed: a few companies are mentioned thousands of times, the last ones almost never.
    const rare = random() < 0.0005;
    const company = rare ? null : companies[Math.floor(companies.length * random() * random())]!;
    const name = company?.name ?? rareNames[Math.floor(random() * rareNames.length)]!;
    const signalType = weighted(random, signalTypes);
    const phrases = events[signalType]!;
    await rows.add({
      id: `syn-signal-${String(index).padStart(7, '0')}`,
      sourceId: `synthetic:${index}`,
      companyId: company?.id ?? null,
      companyName: name,
      description: `${name} ${phrases[Math.floor(random() * phrases.length)]}`,
      source: signalSources[Math.floor(random() * signalSources.length)]!,
      // Oldest first, as ingest appends them: the table's order follows detectedAt, as in production.
      detectedAt: new Date(newest - Math.floor(((scaleDataSize.signals - index) / scaleDataSize.signals) * 730 * day + random() * 3_600_000)),
      confidence: 40 + Math.floor(random() * 60),
      signalType,
      severity: weighted(random, severities),
      formType: signalType === 'sec-filing' ? '8-K' : signalType === 'insider-trading' ? '4' : null,
      createdAt: created,
    });
  }
  await rows.flush();
  const discoveries = batcher(client, tables.discovery);
  for (let index = 0; index < 200; index += 1) {
    await discoveries.add({
      id: `syn-discovery-${index}`,
      sourceId: `synthetic:discovery:${index}`,
      companyName: rareNames[index % rareNames.length]!,
      status: ['investigating', 'confirmed', 'watching'][index % 3]!,
      type: ['filing', 'hiring', 'patent', 'executive', 'partnership'][index % 5]!,
      priority: ['high', 'medium', 'low'][index % 3]!,
      description: 'Synthetic benchmark discovery',
      source: syntheticSource,
      detectedAt: new Date(today - index * day),
      createdAt: created,
      updatedAt: created,
    });
  }
  await discoveries.flush();
  return rows.written;
}

async function generateUsers(client: Client, passwordHash: string, today: number) {
  const rows = batcher(client, tables.user);
  const created = new Date(today - 30 * day);
  for (let index = 0; index < scaleDataSize.users; index += 1) {
    const number = String(index + 1).padStart(6, '0');
    await rows.add({
      id: `syn-user-${number}`,
      email: `synthetic-user-${number}@bench.invalid`,
      firstName: 'Synthetic',
      lastName: `User ${number}`,
      passwordHash,
      subscriptionStatus: index % 4 === 0 ? 'active' : 'inactive',
      betaAccess: index % 2 === 0,
      emailVerifiedAt: created,
      passwordChangedAt: created,
      createdAt: created,
      updatedAt: created,
    });
  }
  await rows.flush();
  return rows.written;
}

/**
 * Bulk inserts into an indexed table cost several times what building the indexes afterwards does
 * (the trigram GIN indexes above all): drop the table's secondary indexes, run `work`, then recreate
 * each from its own definition (so migrations stay the one source of them).
 */
async function withoutSecondaryIndexes(client: Client, tableName: string, work: () => Promise<void>) {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
       JOIN pg_class c ON c.relname = i.indexname
       LEFT JOIN pg_constraint k ON k.conindid = c.oid
      WHERE i.schemaname = current_schema() AND i.tablename = $1 AND k.oid IS NULL`,
    [tableName],
  );
  for (const index of rows) await client.query(`DROP INDEX "${index.indexname}"`);
  try {
    await work();
  } finally {
    await client.query('SET maintenance_work_mem = \'256MB\'');
    for (const index of rows) await client.query(index.indexdef);
  }
}

export interface ScaleDataOptions {
  regenerate?: boolean;
  log?: (line: string) => void;
}

async function markerVersion(client: Client): Promise<number | null> {
  const { rows } = await client.query<{ version: number }>(
    `SELECT version FROM "${markerTable}" WHERE to_regclass('"${markerTable}"') IS NOT NULL LIMIT 1`,
  ).catch(() => ({ rows: [] as { version: number }[] }));
  return rows[0]?.version ?? null;
}

/**
 * Migrates the database at `url` (created when missing) and fills it with the synthetic dataset,
 * unless it already holds this version of it (`regenerate` forces it). Refuses a database that holds
 * companies but no marker: it may be someone's real data.
 */
export async function ensureScaleData(url: string, options: ScaleDataOptions = {}): Promise<{ generated: boolean; seconds: number }> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  await ensureBenchDatabase(url);
  const { applyMigrations } = await import('../../lib/db/migrate');
  await applyMigrations(url);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const version = await markerVersion(client);
    if (version === scaleDataVersion && !options.regenerate) return { generated: false, seconds: 0 };
    if (version === null) {
      const { rows } = await client.query<{ count: string }>('SELECT count(*) AS count FROM "Company"');
      if (Number(rows[0]!.count) > 0) throw new Error(`${benchDatabaseName(url)} holds companies but no ${markerTable} marker: not a benchmark database, left alone`);
    }
    log(`Generating the synthetic dataset (version ${scaleDataVersion}: ${scaleDataSize.companies} companies × ${scaleDataSize.days} days, ${scaleDataSize.signals} signals, ${scaleDataSize.users} users) into ${benchDatabaseName(url)}…`);
    await client.query(`DROP TABLE IF EXISTS "${markerTable}"`);
    await client.query(`TRUNCATE ${generatedTables.map((name) => `"${name}"`).join(', ')} CASCADE`);
    await client.query('SET synchronous_commit = off');
    const today = utcMidnight(Date.now());
    const companies = await generateCompanies(client, today, log);
    log(`  ${await generateMarketPrices(client, today)} BTC and ETH prices`);
    let signals = 0;
    await withoutSecondaryIndexes(client, 'Signal', async () => {
      signals = await generateSignals(client, companies, today);
    });
    log(`  ${signals} signals (${rareNames.length} rare names among them) and 200 discoveries`);
    const { hashPassword } = await import('../../lib/auth/password');
    log(`  ${await generateUsers(client, await hashPassword(syntheticPassword), today)} users sharing one password hash`);
    // Autovacuum would analyse the new rows within minutes in production; the plans need it now.
    await client.query('VACUUM ANALYZE');
    await computeDerived(url, log);
    await client.query(`CREATE TABLE "${markerTable}" (version int NOT NULL, "generatedAt" timestamptz NOT NULL DEFAULT now(), note text NOT NULL)`);
    await client.query(`INSERT INTO "${markerTable}" (version, note) VALUES ($1, $2)`, [scaleDataVersion, 'Synthetic data of npm run bench:scale (scripts/lib/scale-data.ts); not real companies, signals or users.']);
    return { generated: true, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/** The data-source catalogue and every company's metrics, through the product's own code. */
async function computeDerived(url: string, log: (line: string) => void) {
  const { createDb } = await import('../../lib/db');
  const { seedDataSources } = await import('../../prisma/seed/seed-sources');
  const { recomputeMetrics } = await import('../../lib/metrics/recompute');
  const db = createDb(url);
  try {
    await seedDataSources(db);
    const started = performance.now();
    const companies = await recomputeMetrics(db);
    log(`  metrics of ${companies} companies computed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.$disconnect();
  }
}
