// Seeds the market data of prisma/seed-data/market/ (see its README for provenance): equity closes,
// share counts and capital structure as each source stated them, known splits, and BTC daily prices
// for the days the holdings seed left unpriced. Idempotent; a stored row is never overwritten.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../lib/csv';
import type { Db } from '../../lib/db';
import { Prisma } from '../../lib/generated/sqlite/client';
import { crossThroughEuro, ecbSource, type UsdRate } from '../../lib/ingest/fx/ecb';
import { isoDay } from '../../lib/dates';

export const marketSeedDir = path.join(process.cwd(), 'prisma', 'seed-data', 'market');

const fundamentalFields = [
  'shares_outstanding_basic',
  'shares_outstanding_diluted',
  'total_debt',
  'cash',
  'preferred_equity',
  'market_cap',
] as const;
type FundamentalField = (typeof fundamentalFields)[number];

export interface PriceSeed {
  ticker: string;
  exchange: string;
  date: string;
  close: number;
  currency: string;
  source: string;
  notes: string | null;
}

export interface FundamentalSeed {
  ticker: string;
  exchange: string;
  field: FundamentalField;
  value: number;
  unit: string;
  currency: string | null;
  asOf: string;
  filedAt: string | null;
  form: string | null;
  accession: string;
  source: string;
  notes: string | null;
}

export interface SplitSeed {
  ticker: string;
  exchange: string;
  after: string;
  before: string;
  ratio: number | null;
  source: string;
  notes: string | null;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const accessionPattern = /\b(\d{10}-\d{2}-\d{6})\b/;
const formPattern = /\b(10-K(?:\/A)?|10-Q(?:\/A)?|8-K(?:\/A)?|6-K|S-1(?:\/A)?|S-4(?:\/A)?|424B3|SC 13D)\b/;
const filedPattern = /\bfiled (\d{4}-\d{2}-\d{2})\b/;

export function requireDate(value: string | undefined, where: string): string {
  if (!value || !isoDate.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) throw new Error(`${where}: "${value}" is not a date`);
  return value;
}

export function requireNumber(value: string | undefined, where: string): number {
  const number = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isFinite(number) || number < 0) throw new Error(`${where}: "${value}" is not a number`);
  return number;
}

export const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** Form, accession and filing date as the row's notes cite them (empty when they cite none). */
export function filingOf(notes: string | null): { form: string | null; accession: string; filedAt: string | null } {
  const text = notes ?? '';
  return {
    form: formPattern.exec(text)?.[1] ?? null,
    accession: accessionPattern.exec(text)?.[1] ?? '',
    filedAt: filedPattern.exec(text)?.[1] ?? null,
  };
}

/** Splits equity-snapshots.csv into closes and fundamentals; holdings rows are the holdings seed's business. */
export function readEquitySnapshots(csv: string): { prices: PriceSeed[]; fundamentals: FundamentalSeed[] } {
  const prices: PriceSeed[] = [];
  const fundamentals: FundamentalSeed[] = [];
  parseCsv(csv).forEach((row, index) => {
    const where = `equity-snapshots.csv line ${index + 2}`;
    const field = row.field ?? '';
    if (field === 'btc_holdings') return;
    const base = { ticker: row.ticker ?? '', exchange: row.exchange ?? '', source: row.source ?? '', notes: orNull(row.notes) };
    if (!base.ticker || !base.exchange || !base.source) throw new Error(`${where}: ticker, exchange and source are required`);
    const date = requireDate(row.date, where);
    const value = requireNumber(row.value, where);
    if (field === 'close_price') {
      if (!row.currency) throw new Error(`${where}: a close needs its currency`);
      prices.push({ ...base, date, close: value, currency: row.currency });
      return;
    }
    if (!(fundamentalFields as readonly string[]).includes(field)) throw new Error(`${where}: unknown field "${field}"`);
    fundamentals.push({
      ...base,
      field: field as FundamentalField,
      value,
      unit: row.unit ?? '',
      currency: orNull(row.currency),
      asOf: date,
      ...filingOf(base.notes),
    });
  });
  return { prices, fundamentals };
}

/** `<ticker>.<exchange>[.variant].csv` → the listing (tickers may contain dots: 3350.T.TYO.csv). */
export function listingOfHistoryFile(file: string): { ticker: string; exchange: string } | null {
  const stem = file.replace(/\.csv$/, '').replace(/\.(yfinance)$/, '');
  if (stem.startsWith('BTC-USD')) return null;
  const cut = stem.lastIndexOf('.');
  if (cut <= 0) return null;
  return { ticker: stem.slice(0, cut), exchange: stem.slice(cut + 1) };
}

/** The repo@commit and path at the head of a provenance text ("owner/repo@abc123 path …"). */
export function sourceOf(provenance: string): string {
  return /^(\S+@\S+ \S+)/.exec(provenance)?.[1] ?? provenance;
}

function readDailyCloses(csv: string, where: string): { date: string; close: number }[] {
  return parseCsv(csv).map((row, index) => ({
    date: requireDate(row.date, `${where} line ${index + 2}`),
    close: requireNumber(row.close ?? row.price, `${where} line ${index + 2}`),
  }));
}

function readPriceHistories(dir = path.join(marketSeedDir, 'price-history')): PriceSeed[] {
  const sources = new Map(parseCsv(fs.readFileSync(path.join(dir, 'SOURCES.csv'), 'utf8')).map((row) => [row.file ?? '', row]));
  const prices: PriceSeed[] = [];
  for (const file of fs.readdirSync(dir).sort()) {
    const listing = listingOfHistoryFile(file);
    if (!listing || file === 'SOURCES.csv') continue;
    const provenance = sources.get(file);
    if (!provenance?.source || !provenance.currency) throw new Error(`price-history/${file} has no line in SOURCES.csv`);
    for (const { date, close } of readDailyCloses(fs.readFileSync(path.join(dir, file), 'utf8'), `price-history/${file}`)) {
      prices.push({ ...listing, date, close, currency: provenance.currency, source: sourceOf(provenance.source), notes: `price-history/${file}: ${provenance.source}` });
    }
  }
  return prices;
}

export const strategyFileName = 'MSTR.strategy-com-download.2026-06-29.csv';
export const strategySource = 'posix4e/btc-mnav-rainbow@fb1f4b6a MSTR.csv';
/** The file's newest row was captured during the trading day, not at the close. */
const strategyIntradayRows = new Set(['2026-06-29']);
const strategyColumns: [string, FundamentalField, string][] = [
  ['market_cap', 'market_cap', 'market_cap'],
  ['debt', 'total_debt', 'debt (notional of convertible notes)'],
  ['pref', 'preferred_equity', 'pref (notional of preferred stock)'],
  ['usd_reserve', 'cash', 'usd_reserve (USD Reserve)'],
];

/** Strategy's own MSTR data file: daily market cap, debt, preferred and cash, as the company publishes them. */
export function readStrategyFile(csv: string): FundamentalSeed[] {
  const seeds: FundamentalSeed[] = [];
  parseCsv(csv).forEach((row, index) => {
    const date = requireDate(row.timestamp?.slice(0, 10), `${strategyFileName} line ${index + 2}`);
    if (strategyIntradayRows.has(date)) return;
    for (const [column, field, label] of strategyColumns) {
      if (!row[column]?.trim()) continue;
      seeds.push({
        ticker: 'MSTR',
        exchange: 'NASDAQ',
        field,
        value: requireNumber(row[column], `${strategyFileName} line ${index + 2} ${column}`),
        unit: 'amount',
        currency: 'USD',
        asOf: date,
        filedAt: null,
        form: null,
        accession: '',
        source: strategySource,
        notes: `Strategy (strategy.com) MSTR data download as committed by posix4e; column ${label}`,
      });
    }
  });
  return seeds;
}

export function readSplits(csv: string): SplitSeed[] {
  return parseCsv(csv).map((row, index) => {
    const where = `splits.csv line ${index + 2}`;
    const after = requireDate(row.after, where);
    const before = requireDate(row.before, where);
    if (before <= after) throw new Error(`${where}: "before" must follow "after"`);
    return {
      ticker: row.ticker ?? '',
      exchange: row.exchange ?? '',
      after,
      before,
      ratio: row.ratio?.trim() ? requireNumber(row.ratio, where) : null,
      source: row.source ?? '',
      notes: orNull(row.notes),
    };
  });
}

export const fxFileName = path.join('fx', 'ecb-eurofxref.csv');

/**
 * The ECB reference rates of fx/ecb-eurofxref.csv (`date,currency,per_eur,source`: units of each
 * currency per euro, copied verbatim; see fx/README.md), crossed to US dollars per unit as the ECB
 * ingester stores them. A day without a USD row cannot be crossed and is left out.
 */
export function readEcbRates(csv: string): (UsdRate & { provenance: string })[] {
  const days = new Map<string, { perEur: Map<string, number>; provenance: string }>();
  parseCsv(csv).forEach((row, index) => {
    const where = `${fxFileName} row ${index + 2}`;
    const date = row.date ?? '';
    const currency = row.currency ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^[A-Z]{3}$/.test(currency)) throw new Error(`${where}: bad date or currency`);
    const entry = days.get(date) ?? { perEur: new Map<string, number>(), provenance: row.source ?? '' };
    entry.perEur.set(currency, requireNumber(row.per_eur ?? '', where));
    days.set(date, entry);
  });
  return [...days].flatMap(([date, { perEur, provenance }]) => crossThroughEuro(midnight(date), perEur).map((rate) => ({ ...rate, provenance })));
}

async function seedFxRates(db: Db, dir: string): Promise<number> {
  const file = path.join(dir, fxFileName);
  if (!fs.existsSync(file)) return 0;
  const stored = new Set((await db.fxRate.findMany({ where: { source: ecbSource }, select: { currency: true, date: true } })).map((row) => `${row.currency}|${isoDay(row.date)}`));
  const fresh = readEcbRates(fs.readFileSync(file, 'utf8')).filter((rate) => !stored.has(`${rate.currency}|${isoDay(rate.date)}`));
  if (fresh.length === 0) return 0;
  const { count } = await db.fxRate.createMany({
    data: fresh.map((rate) => ({ currency: rate.currency, date: rate.date, usdPerUnit: rate.usdPerUnit, source: ecbSource, sourceUrl: `ECB eurofxref via ${rate.provenance}` })),
  });
  return count;
}

const btcHistoryFiles = [
  { file: 'BTC-USD.csv', source: 'cryptocompare-histoday (Sashamine/dat-tracker-next@c0c17e00 data/crypto-prices.json)' },
  { file: 'BTC-USD.strategy-mstr-csv.csv', source: 'strategy.com MSTR file btc_price (posix4e/btc-mnav-rainbow@fb1f4b6a)' },
] as const;

const midnight = (date: string) => new Date(`${date}T00:00:00Z`);
const listingKey = (ticker: string, exchange: string) => `${ticker}\u0000${exchange}`;

const rowsPerInsert = 1000;

/**
 * Multi-row INSERTs, as the holdings seed writes snapshots: Prisma's createMany spends about 0.2 ms a
 * row in its query compiler. The id is generated here (the schema's cuid() default is the client's),
 * dates go through the driver adapter. Every row must have the same keys.
 */
export async function insertRows(db: Db, table: 'EquityPrice' | 'CompanyFundamental' | 'CompanyReportedFigure', rows: readonly Record<string, unknown>[]) {
  const columns = [...Object.keys(rows[0]!), 'id', 'createdAt'];
  const createdAt = new Date();
  const head = Prisma.raw(`INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES `);
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    const values = rows.slice(start, start + rowsPerInsert).map((row) => Prisma.sql`(${Prisma.join(columns.map((column) => (column === 'id' ? randomUUID() : column === 'createdAt' ? createdAt : (row[column] ?? null))))})`);
    await db.$executeRaw`${head}${Prisma.join(values)}`;
  }
}

export interface MarketSeedResult {
  prices: { total: number; created: number; withoutUsd: number };
  fundamentals: { total: number; created: number };
  splits: { total: number; created: number };
  btcPrices: { created: number };
  fxRates: { created: number };
  unknownListings: string[];
  companyIds: string[];
}

/** Loads everything under prisma/seed-data/market/; running it again adds nothing. */
export async function seedMarketData(db: Db, dir = marketSeedDir): Promise<MarketSeedResult> {
  const snapshots = readEquitySnapshots(fs.readFileSync(path.join(dir, 'equity-snapshots.csv'), 'utf8'));
  const prices = [...snapshots.prices, ...readPriceHistories(path.join(dir, 'price-history'))];
  const fundamentals = [...snapshots.fundamentals, ...readStrategyFile(fs.readFileSync(path.join(dir, strategyFileName), 'utf8'))];
  const splits = readSplits(fs.readFileSync(path.join(dir, 'splits.csv'), 'utf8'));

  const companies = await db.company.findMany({ select: { id: true, ticker: true, exchange: true } });
  const companyOf = new Map(companies.map((company) => [listingKey(company.ticker, company.exchange), company.id]));
  const unknown = new Set<string>();
  const resolve = (seed: { ticker: string; exchange: string }) => {
    const id = companyOf.get(listingKey(seed.ticker, seed.exchange));
    if (!id) unknown.add(`${seed.ticker}:${seed.exchange}`);
    return id;
  };
  const touched = new Set<string>();

  // Closes. Non-USD closes are converted only with a stored FX rate on or before their day.
  const fxCreated = await seedFxRates(db, dir);
  const fxByCurrency = new Map<string, { usdPerUnit: number; date: Date }[]>();
  for (const rate of await db.fxRate.findMany({ orderBy: { date: 'asc' }, select: { currency: true, date: true, usdPerUnit: true } })) {
    fxByCurrency.set(rate.currency, [...(fxByCurrency.get(rate.currency) ?? []), rate]);
  }
  const fxOf = (currency: string, date: string) => {
    let found: { usdPerUnit: number; date: Date } | null = null;
    for (const rate of fxByCurrency.get(currency) ?? []) {
      if (isoDay(rate.date) > date) break;
      found = rate;
    }
    return found;
  };
  const existingPrices = new Set(
    (await db.equityPrice.findMany({ select: { companyId: true, date: true, source: true } })).map((row) => `${row.companyId}|${isoDay(row.date)}|${row.source}`),
  );
  const newPrices = new Map<string, Parameters<Db['equityPrice']['create']>[0]['data'] & { companyId: string }>();
  let withoutUsd = 0;
  for (const seed of prices) {
    const companyId = resolve(seed);
    if (!companyId) continue;
    const key = `${companyId}|${seed.date}|${seed.source}`;
    if (existingPrices.has(key) || newPrices.has(key)) continue;
    let conversion: { closeUsd: number | null; fxRate: number | null; fxDate: Date | null; note: string | null };
    if (seed.currency === 'USD') conversion = { closeUsd: seed.close, fxRate: 1, fxDate: midnight(seed.date), note: null };
    else {
      const rate = fxOf(seed.currency, seed.date);
      conversion = rate
        ? { closeUsd: seed.close * rate.usdPerUnit, fxRate: rate.usdPerUnit, fxDate: rate.date, note: null }
        : { closeUsd: null, fxRate: null, fxDate: null, note: `No USD value: no ${seed.currency} rate stored on or before ${seed.date}` };
      if (!rate) withoutUsd += 1;
    }
    newPrices.set(key, {
      companyId,
      date: midnight(seed.date),
      close: seed.close,
      currency: seed.currency,
      closeUsd: conversion.closeUsd,
      fxRate: conversion.fxRate,
      fxDate: conversion.fxDate,
      source: seed.source,
      notes: [conversion.note, seed.notes].filter(Boolean).join(' | ') || null,
    });
    touched.add(companyId);
  }
  if (newPrices.size) await insertRows(db, 'EquityPrice', [...newPrices.values()]);

  const existingFundamentals = new Set(
    (await db.companyFundamental.findMany({ select: { companyId: true, field: true, asOf: true, source: true, accession: true } })).map(
      (row) => `${row.companyId}|${row.field}|${isoDay(row.asOf)}|${row.source}|${row.accession}`,
    ),
  );
  const newFundamentals = new Map<string, Parameters<Db['companyFundamental']['create']>[0]['data'] & { companyId: string }>();
  for (const seed of fundamentals) {
    const companyId = resolve(seed);
    if (!companyId) continue;
    const key = `${companyId}|${seed.field}|${seed.asOf}|${seed.source}|${seed.accession}`;
    if (existingFundamentals.has(key) || newFundamentals.has(key)) continue;
    newFundamentals.set(key, {
      companyId,
      field: seed.field,
      value: seed.value,
      unit: seed.unit,
      currency: seed.currency,
      asOf: midnight(seed.asOf),
      filedAt: seed.filedAt ? midnight(seed.filedAt) : null,
      form: seed.form,
      accession: seed.accession,
      source: seed.source,
      notes: seed.notes,
    });
    touched.add(companyId);
  }
  if (newFundamentals.size) await insertRows(db, 'CompanyFundamental', [...newFundamentals.values()]);

  let splitsCreated = 0;
  for (const seed of splits) {
    const companyId = resolve(seed);
    if (!companyId) continue;
    const where = { companyId_after_before: { companyId, after: midnight(seed.after), before: midnight(seed.before) } };
    if (await db.shareSplit.findUnique({ where })) continue;
    await db.shareSplit.create({
      data: { companyId, after: midnight(seed.after), before: midnight(seed.before), ratio: seed.ratio, source: seed.source, notes: seed.notes },
    });
    splitsCreated += 1;
    touched.add(companyId);
  }

  // BTC: only the days no stored price covers (the holdings seed's implied prices and ingest win).
  const pricedDays = new Set((await db.marketPrice.findMany({ where: { symbol: 'BTC' }, select: { at: true } })).map((row) => isoDay(row.at)));
  const newBtc: { symbol: string; priceUsd: number; at: Date; source: string }[] = [];
  for (const { file, source } of btcHistoryFiles) {
    for (const { date, close } of readDailyCloses(fs.readFileSync(path.join(dir, 'price-history', file), 'utf8'), `price-history/${file}`)) {
      if (pricedDays.has(date) || !(close > 0)) continue;
      pricedDays.add(date);
      newBtc.push({ symbol: 'BTC', priceUsd: close, at: midnight(date), source });
    }
  }
  if (newBtc.length) await db.marketPrice.createMany({ data: newBtc });

  return {
    prices: { total: prices.length, created: newPrices.size, withoutUsd },
    fundamentals: { total: fundamentals.length, created: newFundamentals.size },
    splits: { total: splits.length, created: splitsCreated },
    btcPrices: { created: newBtc.length },
    fxRates: { created: fxCreated },
    unknownListings: [...unknown].sort(),
    companyIds: [...touched],
  };
}
