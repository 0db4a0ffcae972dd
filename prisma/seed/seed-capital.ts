// Seeds the capital structure of prisma/seed-data/capital/ (see its README for provenance): instruments
// as each filing or source stated them, dated share counts with their basis, weekly purchases and ATM
// sales, and the figures Strategy publishes in its own MSTR data file (to compare ours against).
// Amounts the files give "in millions"/"in billions"/"in thousands" are multiplied out here, the
// source's wording kept in the notes. Idempotent: a stored row is never overwritten.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../lib/csv';
import type { Db } from '../../lib/db';
import type { CapitalEventRow } from '../../lib/capital/issuance';
import type { InstrumentRow } from '../../lib/capital/stack';
import { insertRows, marketSeedDir, orNull, requireDate, requireNumber, strategyFileName, strategySource } from './seed-market';
import { isoDay } from '../../lib/dates';

export const capitalSeedDir = path.join(process.cwd(), 'prisma', 'seed-data', 'capital');

const unitScale: Record<string, number> = { USD: 1, USD_millions: 1e6, USD_billions: 1e9, shares: 1, thousand_shares: 1e3 };

/** A number in a unit column's scale, or null when the cell is empty. */
export function scaled(value: string | undefined, unit: string | undefined, where: string): number | null {
  if (!value?.trim()) return null;
  const scale = unitScale[unit?.trim() || 'USD'];
  if (scale === undefined) throw new Error(`${where}: unknown unit "${unit}"`);
  // Rounded to the cent: 1.1 × 1e9 must not store 1100000000.0000002.
  return Math.round(requireNumber(value, where) * scale * 100) / 100;
}

const optionalNumber = (value: string | undefined, where: string) => (value?.trim() ? requireNumber(value, where) : null);
/** A full date (YYYY-MM-DD) or null; a month or year alone is no day and stays in the row's text. */
const optionalDay = (value: string | undefined, where: string) => (value?.trim() && /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? requireDate(value.trim(), where) : null);
const rowKeyOf = (...parts: (string | undefined)[]) => crypto.createHash('sha256').update(parts.map((part) => part ?? '').join('\u0000')).digest('hex').slice(0, 40);
const midnight = (date: string) => new Date(`${date}T00:00:00Z`);
const dateOrNull = (date: string | null) => (date ? midnight(date) : null);

interface Listed {
  ticker: string;
  exchange: string;
}

/** One row of instruments.csv: the capital functions' row, its listing and the key that makes loading it idempotent. */
export type InstrumentSeed = Listed & InstrumentRow & { rowKey: string };

export function readInstruments(csv: string): InstrumentSeed[] {
  return parseCsv(csv).map((row, index) => {
    const where = `instruments.csv line ${index + 2}`;
    if (!row.ticker || !row.exchange || !row.instrument_id || !row.kind || !row.currency || !row.source) throw new Error(`${where}: ticker, exchange, instrument_id, kind, currency and source are required`);
    // A month-only share date ("2026-02") is no day: it stays readable in the notes.
    const monthOnly = row.shares_as_of?.trim() && !optionalDay(row.shares_as_of, where) ? `shares as of ${row.shares_as_of.trim()} (month only)` : null;
    return {
      ticker: row.ticker,
      exchange: row.exchange,
      instrumentKey: row.instrument_id,
      kind: row.kind,
      currency: row.currency,
      issueDate: orNull(row.issue_date),
      maturityDate: orNull(row.maturity_date),
      ratePct: optionalNumber(row.rate_pct, where),
      rateAsOf: optionalDay(row.rate_as_of, where),
      amount: scaled(row.amount_outstanding, row.amount_unit, where),
      amountBasis: orNull(row.amount_basis),
      amountAsOf: optionalDay(row.amount_as_of, where),
      conversionRate: optionalNumber(row.conversion_rate, where),
      conversionPrice: optionalNumber(row.conversion_price, where),
      conversionShares: optionalNumber(row.conversion_shares, where),
      liquidationPrefPerShare: optionalNumber(row.liquidation_pref_per_share, where),
      sharesOutstanding: optionalNumber(row.shares_outstanding, where),
      sharesAsOf: optionalDay(row.shares_as_of, where),
      seniority: orNull(row.seniority),
      source: row.source,
      notes: [orNull(row.notes), monthOnly].filter(Boolean).join('; ') || null,
      rowKey: rowKeyOf(row.ticker, row.exchange, row.instrument_id, row.amount_as_of, row.rate_as_of, row.shares_as_of, row.source),
    };
  });
}

/** The scopes a seniority.csv row may state its ranking for; only a liquidation rank orders claims. */
const seniorityScopes = new Set(['liquidation', 'liquidation and dividends', 'dividends']);

/**
 * seniority.csv: one row per ranking a filing states for an instrument of instruments.csv. Each becomes an
 * observation of that instrument carrying only its seniority, the filing and its date written into the
 * text (subscribers read them there) and the quote in the notes.
 */
export function readSeniority(csv: string, instruments: readonly InstrumentSeed[]): InstrumentSeed[] {
  return parseCsv(csv).map((row, index) => {
    const where = `seniority.csv line ${index + 2}`;
    if (!row.ticker || !row.exchange || !row.instrument_id || !row.statement || !row.form || !row.accession || !row.source || !row.quote)
      throw new Error(`${where}: ticker, exchange, instrument_id, statement, form, accession, quote and source are required`);
    if (!seniorityScopes.has(row.scope ?? '')) throw new Error(`${where}: unknown scope "${row.scope}"`);
    const filingDate = requireDate(row.filing_date, where);
    const instrument = instruments.find((seed) => seed.ticker === row.ticker && seed.exchange === row.exchange && seed.instrumentKey === row.instrument_id);
    if (!instrument) throw new Error(`${where}: ${row.ticker} ${row.instrument_id} is not in instruments.csv`);
    return {
      ticker: row.ticker,
      exchange: row.exchange,
      instrumentKey: row.instrument_id,
      kind: instrument.kind,
      currency: instrument.currency,
      issueDate: null,
      maturityDate: null,
      ratePct: null,
      rateAsOf: null,
      amount: null,
      amountBasis: null,
      amountAsOf: null,
      conversionRate: null,
      conversionPrice: null,
      conversionShares: null,
      liquidationPrefPerShare: null,
      sharesOutstanding: null,
      sharesAsOf: null,
      seniority: `${row.statement} (${row.form} ${row.accession} of ${filingDate})`,
      source: [row.source, orNull(row.source_url)].filter(Boolean).join(' '),
      notes: `${row.scope}; the filing says: "${row.quote}"`,
      rowKey: rowKeyOf('seniority', row.ticker, row.exchange, row.instrument_id, row.accession, row.statement),
    };
  });
}

/** instruments.csv and the rankings of seniority.csv, as the seed stores them. */
export function readInstrumentObservations(read: (file: string) => string): InstrumentSeed[] {
  const instruments = readInstruments(read('instruments.csv'));
  return [...instruments, ...readSeniority(read('seniority.csv'), instruments)];
}

export interface ShareCountSeed extends Listed {
  date: string;
  basis: string;
  value: number;
  source: string;
  notes: string | null;
}

export function readShareCounts(csv: string): ShareCountSeed[] {
  return parseCsv(csv).map((row, index) => {
    const where = `share-counts.csv line ${index + 2}`;
    if (!row.ticker || !row.exchange || !row.basis || !row.source) throw new Error(`${where}: ticker, exchange, basis and source are required`);
    const unitNote = row.unit === 'thousand_shares' ? `stated in thousands (${row.value})` : null;
    return {
      ticker: row.ticker,
      exchange: row.exchange,
      date: requireDate(row.date, where),
      basis: row.basis,
      value: scaled(row.value, row.unit, where) ?? requireNumber(row.value, where),
      source: row.source,
      notes: [orNull(row.notes), unitNote].filter(Boolean).join('; ') || null,
    };
  });
}

export type CapitalEventSeed = Listed & Omit<CapitalEventRow, 'id'> & { rowKey: string };

const eventTypes = new Set(['btc_purchase', 'btc_purchase_quarter_total', 'atm_sale']);

export function readCapitalEvents(csv: string): CapitalEventSeed[] {
  return parseCsv(csv).map((row, index) => {
    const where = `btc-purchases.csv line ${index + 2}`;
    if (!row.ticker || !row.exchange || !row.source || !eventTypes.has(row.event_type ?? '')) throw new Error(`${where}: ticker, exchange, source and a known event_type are required`);
    return {
      ticker: row.ticker,
      exchange: row.exchange,
      eventType: row.event_type!,
      filingDate: optionalDay(row.filing_date, where),
      accession: row.accession?.trim() ?? '',
      periodStart: optionalDay(row.period_start, where),
      periodEnd: optionalDay(row.period_end, where),
      security: orNull(row.security),
      btcAcquired: optionalNumber(row.btc_acquired, where),
      costUsd: scaled(row.period_cost, row.period_cost_unit, where),
      avgPriceUsd: optionalNumber(row.avg_price_usd, where),
      holdingsAfter: optionalNumber(row.btc_holdings_after, where),
      holdingsAsOf: optionalDay(row.holdings_as_of, where),
      cumulativeCostUsd: scaled(row.cumulative_cost, row.cumulative_cost_unit, where),
      cumulativeAvgPriceUsd: optionalNumber(row.cumulative_avg_price_usd, where),
      sharesSold: optionalNumber(row.shares_sold, where),
      notionalUsd: scaled(row.notional, row.notional_unit, where),
      netProceedsUsd: scaled(row.net_proceeds, row.net_proceeds_unit, where),
      availableAfterUsd: scaled(row.available_after, row.available_unit, where),
      source: row.source,
      notes: orNull(row.notes),
      rowKey: rowKeyOf(row.ticker, row.exchange, row.filing_date, row.accession, row.event_type, row.period_start, row.period_end, row.security, row.source),
    };
  });
}

/** The columns of Strategy's MSTR file kept as the company's own figures. */
const strategyReportedFields = [
  'btc_holdings',
  'btc_price',
  'btc_nav',
  'm_nav',
  'debt',
  'pref',
  'usd_reserve',
  'debt_pref_by_btc_nav',
  'ann_dividends',
  'btc_div_coverage_years',
  'usd_div_coverage_months',
  'sats_per_share',
  'close',
] as const;

export interface ReportedFigureSeed extends Listed {
  date: string;
  field: string;
  value: number;
  source: string;
  notes: string | null;
}

/** Strategy's figures by day; the newest row was captured during the trading day and says so. */
export function readStrategyReportedFigures(csv: string): ReportedFigureSeed[] {
  const seeds: ReportedFigureSeed[] = [];
  parseCsv(csv).forEach((row, index) => {
    const where = `${strategyFileName} line ${index + 2}`;
    const date = requireDate(row.timestamp?.slice(0, 10), where);
    for (const field of strategyReportedFields) {
      const cell = row[field]?.trim();
      if (!cell) continue;
      const value = Number(cell);
      if (!Number.isFinite(value)) throw new Error(`${where} ${field}: "${cell}" is not a number`);
      seeds.push({ ticker: 'MSTR', exchange: 'NASDAQ', date, field, value, source: strategySource, notes: date === '2026-06-29' ? 'captured during the trading day' : null });
    }
  });
  return seeds;
}

export interface CapitalSeedResult {
  instruments: { total: number; created: number };
  shareCounts: { total: number; created: number };
  events: { total: number; created: number };
  reportedFigures: { total: number; created: number };
  unknownListings: string[];
}

/** Loads prisma/seed-data/capital/ (seniority.csv's rankings as instrument observations) and Strategy's own figures; running it again adds nothing. */
export async function seedCapitalData(db: Db, dir = capitalSeedDir, marketDir = marketSeedDir): Promise<CapitalSeedResult> {
  const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
  const instruments = readInstrumentObservations(read);
  const counts = readShareCounts(read('share-counts.csv'));
  const events = readCapitalEvents(read('btc-purchases.csv'));
  const reported = readStrategyReportedFigures(fs.readFileSync(path.join(marketDir, strategyFileName), 'utf8'));

  const companies = await db.company.findMany({ select: { id: true, ticker: true, exchange: true } });
  const companyOf = new Map(companies.map((company) => [`${company.ticker}\u0000${company.exchange}`, company.id]));
  const unknown = new Set<string>();
  const resolve = <Seed extends Listed>(seed: Seed) => {
    const companyId = companyOf.get(`${seed.ticker}\u0000${seed.exchange}`);
    if (!companyId) unknown.add(`${seed.ticker}:${seed.exchange}`);
    return companyId ? { companyId, seed } : null;
  };
  const known = <Seed extends Listed>(seeds: readonly Seed[]) => seeds.map(resolve).filter((entry): entry is { companyId: string; seed: Seed } => entry !== null);

  const storedInstruments = new Set((await db.capitalInstrument.findMany({ select: { rowKey: true } })).map((row) => row.rowKey));
  const newInstruments = known(instruments).filter(({ seed }) => !storedInstruments.has(seed.rowKey));
  if (newInstruments.length)
    await db.capitalInstrument.createMany({
      data: newInstruments.map(({ companyId, seed: { ticker: _ticker, exchange: _exchange, rateAsOf, amountAsOf, sharesAsOf, ...rest } }) => ({
        companyId,
        ...rest,
        rateAsOf: dateOrNull(rateAsOf),
        amountAsOf: dateOrNull(amountAsOf),
        sharesAsOf: dateOrNull(sharesAsOf),
      })),
    });

  const countKey = (companyId: string, basis: string, date: string, source: string) => `${companyId}|${basis}|${date}|${source}`;
  const storedCounts = new Set(
    (await db.shareCount.findMany({ select: { companyId: true, basis: true, date: true, source: true } })).map((row) => countKey(row.companyId, row.basis, isoDay(row.date), row.source)),
  );
  const newCounts = known(counts).filter(({ companyId, seed }) => !storedCounts.has(countKey(companyId, seed.basis, seed.date, seed.source)));
  if (newCounts.length)
    await db.shareCount.createMany({
      data: newCounts.map(({ companyId, seed }) => ({ companyId, date: midnight(seed.date), basis: seed.basis, value: seed.value, source: seed.source, notes: seed.notes })),
    });

  const storedEvents = new Set((await db.capitalEvent.findMany({ select: { rowKey: true } })).map((row) => row.rowKey));
  const newEvents = known(events).filter(({ seed }) => !storedEvents.has(seed.rowKey));
  if (newEvents.length)
    await db.capitalEvent.createMany({
      data: newEvents.map(({ companyId, seed: { ticker: _ticker, exchange: _exchange, filingDate, periodStart, periodEnd, holdingsAsOf, ...rest } }) => ({
        companyId,
        ...rest,
        filingDate: dateOrNull(filingDate),
        periodStart: dateOrNull(periodStart),
        periodEnd: dateOrNull(periodEnd),
        holdingsAsOf: dateOrNull(holdingsAsOf),
      })),
    });

  const figureKey = (companyId: string, field: string, date: string, source: string) => `${companyId}|${field}|${date}|${source}`;
  const storedFigures = new Set(
    (await db.companyReportedFigure.findMany({ select: { companyId: true, field: true, date: true, source: true } })).map((row) =>
      figureKey(row.companyId, row.field, isoDay(row.date), row.source),
    ),
  );
  const newFigures = known(reported).filter(({ companyId, seed }) => !storedFigures.has(figureKey(companyId, seed.field, seed.date, seed.source)));
  if (newFigures.length)
    await insertRows(
      db,
      'CompanyReportedFigure',
      newFigures.map(({ companyId, seed }) => ({ companyId, date: midnight(seed.date), field: seed.field, value: seed.value, source: seed.source, notes: seed.notes })),
    );

  return {
    instruments: { total: instruments.length, created: newInstruments.length },
    shareCounts: { total: counts.length, created: newCounts.length },
    events: { total: events.length, created: newEvents.length },
    reportedFigures: { total: reported.length, created: newFigures.length },
    unknownListings: [...unknown].sort(),
  };
}
