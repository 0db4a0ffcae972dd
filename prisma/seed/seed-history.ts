import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseCsv } from '../../lib/csv';
import type { Db } from '../../lib/db';
import { Prisma } from '../../lib/generated/sqlite/client';
import { type BalanceSheetFigure, checkPlausibility, type PlausibilityCheck, quarantineKey } from '../../lib/treasury/plausibility';
import { isoDay } from '../../lib/dates';

// The daily history of bitbo's public-company table (prisma/seed-data/README.md, "Holdings history").
const historyCsvPath = path.join(
  process.cwd(),
  'prisma',
  'seed-data',
  'bitbo-public-companies-daily.2025-08-15_2026-07-11.csv.gz',
);
export const historySource = 'bitbo.io daily table';
const historySourceUrl = 'https://bitbo.io/treasuries/';
export const impliedPriceSource = 'bitbo-implied';

interface Listing {
  ticker: string;
  exchange: string;
}

export interface HistoryRow extends Listing {
  line: number;
  date: string;
  entity: string;
  /** `Symbol:Exchange` as the table printed it. */
  listing: string;
  btc: number;
  /** `Value Today` as printed: billions, millions or dollars depending on the size of the holding. */
  valueToday: number;
  /** The table links a filing or source document for the row (its "Filings & Sources" column). */
  hasFiling: boolean;
}

interface HistoryTotal {
  date: string;
  btc: number;
  valueToday: number;
}

const totalsMarker = '**Totals:**';
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the gzip-compressed history shipped with the repository. */
export function readHistoryCsv(file = historyCsvPath): string {
  return zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
}

/** Splits the file into company rows and the table's daily `**Totals:**` rows, refusing malformed figures. */
export function readHoldingHistory(csv: string): { rows: HistoryRow[]; totals: HistoryTotal[] } {
  const rows: HistoryRow[] = [];
  const totals: HistoryTotal[] = [];
  parseCsv(csv).forEach((row, index) => {
    const line = index + 2;
    const date = row['Scrape Date'] ?? '';
    const btc = Number(row['# of BTC']);
    const valueToday = Number(row['Value Today']);
    if (!datePattern.test(date)) throw new Error(`Line ${line}: Scrape Date "${date}" is not a date`);
    if (!row['# of BTC']?.trim() || !Number.isFinite(btc) || btc < 0) {
      throw new Error(`Line ${line}: # of BTC "${row['# of BTC']}" is not a quantity`);
    }
    if (!row['Value Today']?.trim() || !Number.isFinite(valueToday) || valueToday < 0) {
      throw new Error(`Line ${line}: Value Today "${row['Value Today']}" is not a value`);
    }
    if (row['Filings & Sources'] === totalsMarker) {
      totals.push({ date, btc, valueToday });
      return;
    }
    const listing = row['Symbol:Exchange'] ?? '';
    const hasFiling = (row['Filings & Sources'] ?? '').trim() !== '';
    rows.push({ line, date, entity: row.Entity ?? '', listing, btc, valueToday, hasFiling, ...normaliseListing(listing, line) });
  });
  return { rows, totals };
}

const exchangeTypos: Record<string, string> = { NADQ: 'NASDAQ', Nasdaq: 'NASDAQ', TCMKTS: 'OTCMKTS' };

/**
 * The same typo fixes the companies file had applied (prisma/seed-data/README.md), so a history row
 * finds its company by (ticker, exchange).
 */
export function normaliseListing(listing: string, line?: number): Listing {
  const trimmed = listing.trim().replace(/:+$/, '');
  // Fragbite trades as FRAG in Stockholm; bitbo prints the two halves the wrong way round.
  if (trimmed === 'ST:FRAG') return { ticker: 'FRAG', exchange: 'STO' };
  const colon = trimmed.lastIndexOf(':');
  if (colon <= 0 || colon === trimmed.length - 1) {
    throw new Error(`${line ? `Line ${line}: ` : ''}Symbol:Exchange "${listing}" has no exchange`);
  }
  const exchange = trimmed.slice(colon + 1);
  return { ticker: trimmed.slice(0, colon), exchange: exchangeTypos[exchange] ?? exchange };
}

/**
 * Listings bitbo replaced by another one for the same company: the old symbol's last day is followed
 * by the new symbol's first, under the same or the "Formerly:" name. Strive (ASST), which appears the
 * day Semler Scientific (SMLR) disappears, is deliberately not here: Strive acquired Semler, so
 * Semler's figures are not Strive's history.
 */
const listingAliases: Readonly<Record<string, string>> = {
  // Volcon, Inc. became Empery Digital: VLCN to 2025-08-18, EMPD from 2025-08-19.
  'VLCN:NASDAQ': 'EMPD:NASDAQ',
  // Galaxy Digital moved from the OTC line to Nasdaq: BRPHF to 2025-09-14, GLXY from 2025-09-15.
  'BRPHF:OTCMKTS': 'GLXY:NASDAQ',
  // AgriFORCE Growing Systems became AVAX One: AGRI to 2026-01-22, AVX from 2026-01-23.
  'AGRI:NASDAQ': 'AVX:NASDAQ',
};

const listingKey = ({ ticker, exchange }: Listing) => `${ticker}:${exchange}`;

/** The company listing a history row belongs to, after renames. */
export function resolveListing(listing: Listing): string {
  const key = listingKey(listing);
  return listingAliases[key] ?? key;
}

/**
 * Figures the research found untrustworthy in the table (prisma/seed-data/README.md): kept
 * as published, with the company flagged so no screen presents them as verified.
 */
// Hut 8 and Riot's shared 15,679 BTC is no longer listed here: the same-figure check finds it.
const knownFlags: Readonly<Record<string, string>> = {
  'MILE:NASDAQ': 'No longer operating: Metromile was acquired by Lemonade in 2022; the listed holding is stale.',
  'VOYG:TSX': 'No longer operating: Voyager Digital went bankrupt in 2022; the listed holding is stale.',
};

export interface CompanyRef extends Listing {
  id: string;
  name: string;
}

interface PlannedSnapshot {
  companyId: string;
  date: string;
  quantity: number;
  /** Set when a plausibility check rejected the figure (lib/treasury/plausibility.ts). */
  quarantine?: { check: PlausibilityCheck; reason: string };
}

interface PlannedChange {
  companyId: string;
  date: string;
  oldQuantity: number;
  newQuantity: number;
  note: string;
}

type SkipReason = 'unknown-company' | 'duplicate-listing' | 'zero-gap' | 'unconfirmed-zero';

interface HistoryPlan {
  snapshots: PlannedSnapshot[];
  changes: PlannedChange[];
  /** Reasons to flag, by company id. */
  flags: Map<string, string[]>;
  /** The check behind each flag, by company id (the latest one wins). */
  flagChecks: Map<string, string>;
  skipped: { row: HistoryRow; reason: SkipReason }[];
}

/**
 * Decides what the history becomes: one snapshot per company and scrape date, one change per
 * day-over-day difference, and flags for what cannot be trusted. Pure, so the rules are unit-tested.
 */
export function planHoldingHistory(
  rows: readonly HistoryRow[],
  companies: readonly CompanyRef[],
  balanceSheet: { fundamentals: readonly BalanceSheetFigure[]; btcPriceOn: (date: string) => number | null } = { fundamentals: [], btcPriceOn: () => null },
): HistoryPlan {
  const companyByKey = new Map(companies.map((company) => [listingKey(company), company]));
  const plan: HistoryPlan = { snapshots: [], changes: [], flags: new Map(), flagChecks: new Map(), skipped: [] };
  const flag = (companyId: string, reason: string, check: string) => {
    const reasons = plan.flags.get(companyId) ?? [];
    if (!reasons.includes(reason)) reasons.push(reason);
    plan.flags.set(companyId, reasons);
    plan.flagChecks.set(companyId, check);
  };

  const rowsByCompany = new Map<string, { company: CompanyRef; byDate: Map<string, HistoryRow[]> }>();
  for (const row of rows) {
    const company = companyByKey.get(resolveListing(row));
    if (!company) {
      plan.skipped.push({ row, reason: 'unknown-company' });
      continue;
    }
    const entry = rowsByCompany.get(company.id) ?? { company, byDate: new Map<string, HistoryRow[]>() };
    entry.byDate.set(row.date, [...(entry.byDate.get(row.date) ?? []), row]);
    rowsByCompany.set(company.id, entry);
  }

  const seriesByCompany = new Map<string, { company: CompanyRef; series: HistoryRow[]; zeros: Map<number, 'zero-gap' | 'unconfirmed-zero'> }>();
  for (const [companyId, { company, byDate }] of rowsByCompany) {
    const knownFlag = knownFlags[listingKey(company)];
    if (knownFlag) flag(companyId, knownFlag, 'known-issue');

    const series: HistoryRow[] = [];
    for (const date of [...byDate.keys()].sort()) {
      const sameDay = byDate.get(date) ?? [];
      // Two entities under one listing (SATO:TSXV): the one the companies file kept is the company.
      const kept = sameDay.find((row) => row.entity === company.name) ?? sameDay[0];
      if (!kept) continue;
      series.push(kept);
      const others = sameDay.filter((row) => row !== kept);
      for (const row of others) plan.skipped.push({ row, reason: 'duplicate-listing' });
      if (others.length > 0) {
        const names = [...new Set(others.map((row) => `"${row.entity}"`))].join(', ');
        flag(companyId, `bitbo also lists ${names} under ${listingKey(company)}, possibly the same company; only "${company.name}"'s figures are imported.`, 'duplicate-listing');
      }
    }

    const zeros = classifyZeroRows(series.map((row) => row.btc));
    for (const run of zeroRuns(series, zeros)) {
      const span = run.first === run.last ? `on ${run.first}` : `from ${run.first} to ${run.last}`;
      flag(
        companyId,
        run.kind === 'zero-gap'
          ? `bitbo showed 0 BTC ${span} between non-zero days: a parsing gap, not imported as a sale.`
          : `bitbo showed 0 BTC ${span} with no non-zero figure on one side: not imported until a filing confirms it.`,
        'zero-figure',
      );
    }
    seriesByCompany.set(companyId, { company, series, zeros });
  }

  // The checks compare companies with each other (the same figure on the same day), so they run over
  // every company's readings at once; zero rows are already set aside.
  const findings = checkPlausibility({
    readings: [...seriesByCompany.values()].flatMap(({ company, series, zeros }) =>
      series.flatMap((row, index) =>
        zeros.has(index) ? [] : [{ companyId: company.id, name: company.name, date: row.date, quantity: row.btc, hasFiling: row.hasFiling }],
      ),
    ),
    fundamentals: balanceSheet.fundamentals,
    btcPriceOn: balanceSheet.btcPriceOn,
  });

  for (const [companyId, { series, zeros }] of seriesByCompany) {

    let previous: HistoryRow | undefined;
    let gapSincePrevious: string[] = [];
    let latestQuarantine: { check: PlausibilityCheck; reason: string } | undefined;
    series.forEach((row, index) => {
      const zero = zeros.get(index);
      if (zero) {
        plan.skipped.push({ row, reason: zero });
        gapSincePrevious.push(row.date);
        return;
      }
      const finding = findings.get(quarantineKey(companyId, row.date));
      latestQuarantine = finding ? { check: finding.check, reason: finding.reason } : undefined;
      if (latestQuarantine) {
        // Stored, so the history shows it and the data-health report names the check, but it is no
        // change of holdings: no audit row, no signal, and the next figure is compared with the last good one.
        plan.snapshots.push({ companyId, date: row.date, quantity: row.btc, quarantine: latestQuarantine });
        return;
      }
      plan.snapshots.push({ companyId, date: row.date, quantity: row.btc });
      if (previous && previous.btc !== row.btc) {
        plan.changes.push({
          companyId,
          date: row.date,
          oldQuantity: previous.btc,
          newQuantity: row.btc,
          note: changeNote(previous, row, gapSincePrevious),
        });
      }
      previous = row;
      gapSincePrevious = [];
    });
    // A company whose current figure is quarantined is flagged, which keeps it out of totals.
    if (latestQuarantine) flag(companyId, `Quarantined: ${latestQuarantine.reason}`, latestQuarantine.check);
  }
  return plan;
}

function changeNote(previous: HistoryRow, row: HistoryRow, gap: string[]): string {
  const parts = [`bitbo table: ${formatBtc(previous.btc)} BTC on ${previous.date}, ${formatBtc(row.btc)} BTC on ${row.date}`];
  if (listingKey(previous) !== listingKey(row)) parts.push(`listed as ${listingKey(previous)} until ${previous.date}, as ${listingKey(row)} since`);
  if (gap.length > 0) parts.push(`ignoring 0 BTC on ${gap.join(', ')} (parsing gap)`);
  return `${parts.join('; ')}.`;
}

const formatBtc = (btc: number) => btc.toLocaleString('en-US', { maximumFractionDigits: 8 });

/**
 * A company in a bitcoin-treasury table with 0 BTC is a figure the scraper missed, not a sale: a zero
 * between non-zero days is a parsing gap; a zero with no non-zero figure after it (or before it) is
 * unconfirmed. Neither is imported. Returns the kind of each zero row by index.
 */
export function classifyZeroRows(quantities: readonly number[]): Map<number, 'zero-gap' | 'unconfirmed-zero'> {
  const kinds = new Map<number, 'zero-gap' | 'unconfirmed-zero'>();
  const firstNonZero = quantities.findIndex((quantity) => quantity > 0);
  const lastNonZero = quantities.findLastIndex((quantity) => quantity > 0);
  quantities.forEach((quantity, index) => {
    if (quantity > 0) return;
    kinds.set(index, firstNonZero !== -1 && firstNonZero < index && index < lastNonZero ? 'zero-gap' : 'unconfirmed-zero');
  });
  return kinds;
}

function zeroRuns(series: readonly HistoryRow[], zeros: ReadonlyMap<number, 'zero-gap' | 'unconfirmed-zero'>) {
  const runs: { kind: 'zero-gap' | 'unconfirmed-zero'; first: string; last: string }[] = [];
  series.forEach((row, index) => {
    const kind = zeros.get(index);
    if (!kind) return;
    const current = runs.at(-1);
    if (current && zeros.get(index - 1) === kind) current.last = row.date;
    else runs.push({ kind, first: row.date, last: row.date });
  });
  return runs;
}

interface ImpliedPrice {
  date: string;
  priceUsd: number;
  listing: string;
  unit: ValueUnit;
}

type ValueUnit = 'billions' | 'millions' | 'dollars';

const unitScale: Record<ValueUnit, number> = { billions: 1e9, millions: 1e6, dollars: 1 };

/**
 * BTC/USD for each scrape date from the largest holder's row: price = value × unit ÷ BTC, rounded to
 * cents. The largest holder's value is normally in billions, printed to 0.01 B, so the price is known
 * to ±0.005e9 ÷ BTC (±$8 for 628,946 BTC, ±$6 for 843,775 BTC); on a few days (2026-02-14..18) the
 * table printed every value in whole dollars. The unit is the one that puts the price between $1,000
 * and $1,000,000: a range of three decades, so exactly one unit fits.
 */
export function deriveBtcPrices(rows: readonly HistoryRow[]): ImpliedPrice[] {
  const largest = new Map<string, HistoryRow>();
  for (const row of rows) {
    const current = largest.get(row.date);
    if (!current || row.btc > current.btc) largest.set(row.date, row);
  }
  return [...largest.values()]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((row) => {
      const unit = (Object.keys(unitScale) as ValueUnit[]).find((candidate) => {
        const price = (row.valueToday * unitScale[candidate]) / row.btc;
        return price >= 1_000 && price < 1_000_000;
      });
      if (!unit) throw new Error(`Line ${row.line}: ${row.listing} value ${row.valueToday} for ${row.btc} BTC gives no plausible BTC price`);
      return { date: row.date, priceUsd: Math.round((row.valueToday * unitScale[unit] * 100) / row.btc) / 100, listing: row.listing, unit };
    });
}

export interface HoldingHistorySeedResult {
  snapshots: { total: number; created: number; updated: number };
  changes: { total: number; created: number; removed: number };
  prices: { total: number; created: number; keptExisting: number };
  flaggedCompanies: number;
  /** Companies whose flag reasons this run added to. */
  flagsAdded: number;
  zeroRowsSkipped: number;
  /** Snapshots a plausibility check quarantined, by check. */
  quarantined: Record<string, number>;
  duplicateRowsSkipped: number;
  unknownRowsSkipped: number;
  unknownListings: string[];
  holdingsVerified: number;
  holdingsUpdated: number;
  holdingsMismatches: string[];
  newestDate: string | null;
}

const snapshotsPerInsert = 2000;

/**
 * Prisma's createMany spends about 0.2 ms a row in its query compiler (10 s for this file); plain
 * multi-row INSERTs take about 1 s. They write what the client would: the id is generated here, as
 * the schema's cuid() default is applied by the client, and dates go through the driver adapter.
 */
function insertSnapshots(db: Db, snapshots: readonly PlannedSnapshot[]) {
  const createdAt = new Date();
  const statements: Prisma.PrismaPromise<number>[] = [];
  for (let start = 0; start < snapshots.length; start += snapshotsPerInsert) {
    const values = snapshots
      .slice(start, start + snapshotsPerInsert)
      .map(
        (snapshot) =>
          Prisma.sql`(${randomUUID()}, ${snapshot.companyId}, 'BTC', ${snapshot.quantity}, ${atMidnight(snapshot.date)}, ${historySource}, ${historySourceUrl}, ${createdAt}, ${!!snapshot.quarantine}, ${snapshot.quarantine?.check ?? null}, ${snapshot.quarantine?.reason ?? null})`,
      );
    statements.push(
      db.$executeRaw`INSERT INTO "HoldingSnapshot" ("id", "companyId", "asset", "quantity", "asOf", "source", "sourceUrl", "createdAt", "quarantined", "quarantineCheck", "quarantineReason") VALUES ${Prisma.join(values)}`,
    );
  }
  return statements;
}

const atMidnight = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * Imports the history as snapshots, the audit trail and implied BTC prices. Running it again
 * changes nothing: rows are matched on their unique keys, and prices already stored (a market feed
 * is better than the implied figure) are kept.
 */
export async function seedHoldingHistory(db: Db, csv = readHistoryCsv()): Promise<HoldingHistorySeedResult> {
  const { rows } = readHoldingHistory(csv);
  const companies = await db.company.findMany({
    select: { id: true, name: true, ticker: true, exchange: true, btcHoldings: true, holdingsAsOf: true, flagReason: true },
  });
  const prices = deriveBtcPrices(rows);
  const priceByDay = new Map(prices.map((price) => [price.date, price.priceUsd]));
  const fundamentals = await db.companyFundamental.findMany({
    where: { field: { in: ['total_assets', 'market_cap', 'total_debt', 'preferred_equity'] }, currency: 'USD' },
    select: { companyId: true, field: true, value: true, asOf: true },
  });
  const plan = planHoldingHistory(rows, companies, {
    fundamentals: fundamentals.map((figure) => ({
      companyId: figure.companyId,
      field: figure.field as BalanceSheetFigure['field'],
      valueUsd: figure.value,
      asOf: isoDay(figure.asOf),
    })),
    btcPriceOn: (date) => priceByDay.get(date) ?? null,
  });

  const [storedSnapshots, storedChanges, storedPrices] = await Promise.all([
    db.holdingSnapshot.findMany({
      where: { source: historySource, asset: 'BTC' },
      select: { id: true, companyId: true, asOf: true, quantity: true, quarantined: true, quarantineCheck: true, quarantineReason: true },
    }),
    db.holdingChange.findMany({
      where: { source: historySource, asset: 'BTC' },
      select: { id: true, companyId: true, learnedAt: true, oldQuantity: true, newQuantity: true },
    }),
    db.marketPrice.findMany({
      where: { symbol: 'BTC', at: { in: prices.map((price) => atMidnight(price.date)) } },
      select: { at: true },
    }),
  ]);

  const snapshotByKey = new Map(storedSnapshots.map((snapshot) => [`${snapshot.companyId}|${isoDay(snapshot.asOf)}`, snapshot]));
  const newSnapshots = plan.snapshots.filter((snapshot) => !snapshotByKey.has(`${snapshot.companyId}|${snapshot.date}`));
  const correctedSnapshots = plan.snapshots.flatMap((snapshot) => {
    const stored = snapshotByKey.get(`${snapshot.companyId}|${snapshot.date}`);
    const quarantine = { quarantined: !!snapshot.quarantine, quarantineCheck: snapshot.quarantine?.check ?? null, quarantineReason: snapshot.quarantine?.reason ?? null };
    const differs =
      stored &&
      (stored.quantity !== snapshot.quantity ||
        stored.quarantined !== quarantine.quarantined ||
        stored.quarantineCheck !== quarantine.quarantineCheck ||
        stored.quarantineReason !== quarantine.quarantineReason);
    return differs ? [{ id: stored.id, quantity: snapshot.quantity, ...quarantine }] : [];
  });
  const changeKey = (companyId: string, date: string, oldQuantity: number | null, newQuantity: number) =>
    `${companyId}|${date}|${oldQuantity}|${newQuantity}`;
  const storedChangeKeys = new Set(
    storedChanges.map((change) => changeKey(change.companyId, isoDay(change.learnedAt), change.oldQuantity, change.newQuantity)),
  );
  const newChanges = plan.changes.filter(
    (change) => !storedChangeKeys.has(changeKey(change.companyId, change.date, change.oldQuantity, change.newQuantity)),
  );
  // A database seeded before the plausibility checks holds changes into or out of figures they now
  // quarantine (HIVE's 2,201 → 210): the table's own changes are the plan's, so any other is removed.
  const plannedChangeKeys = new Set(plan.changes.map((change) => changeKey(change.companyId, change.date, change.oldQuantity, change.newQuantity)));
  const staleChanges = storedChanges.filter((change) => !plannedChangeKeys.has(changeKey(change.companyId, isoDay(change.learnedAt), change.oldQuantity, change.newQuantity)));
  const storedPriceDays = new Set(storedPrices.map((price) => isoDay(price.at)));
  const newPrices = prices.filter((price) => !storedPriceDays.has(price.date));

  // The current figure comes from the companies seed or a newer filing; the history only fills in a
  // company whose figure is older than its latest snapshot.
  const latestByCompany = new Map<string, PlannedSnapshot>();
  for (const snapshot of plan.snapshots) {
    const latest = latestByCompany.get(snapshot.companyId);
    if (!latest || snapshot.date > latest.date) latestByCompany.set(snapshot.companyId, snapshot);
  }
  const holdingsUpdates: { id: string; quantity: number; asOf: Date }[] = [];
  const holdingsMismatches: string[] = [];
  let holdingsVerified = 0;
  for (const company of companies) {
    const latest = latestByCompany.get(company.id);
    if (!latest) continue;
    const asOf = isoDay(company.holdingsAsOf);
    if (asOf < latest.date) holdingsUpdates.push({ id: company.id, quantity: latest.quantity, asOf: atMidnight(latest.date) });
    else if (asOf > latest.date || company.btcHoldings === latest.quantity) holdingsVerified += 1;
    else holdingsMismatches.push(`${listingKey(company)} holds ${company.btcHoldings}, history ${latest.quantity} on ${latest.date}`);
  }

  const flagUpdates = companies.flatMap((company) => {
    const reasons = (plan.flags.get(company.id) ?? []).filter((reason) => !company.flagReason?.includes(reason));
    if (reasons.length === 0) return [];
    return [{ id: company.id, flagReason: [company.flagReason, ...reasons].filter(Boolean).join(' | '), flagCheck: plan.flagChecks.get(company.id) ?? null }];
  });

  await db.$transaction([
    ...insertSnapshots(db, newSnapshots),
    ...correctedSnapshots.map(({ id, ...data }) => db.holdingSnapshot.update({ where: { id }, data })),
    db.holdingChange.deleteMany({ where: { id: { in: staleChanges.map((change) => change.id) } } }),
    db.holdingChange.createMany({
      data: newChanges.map((change) => ({
        companyId: change.companyId,
        asset: 'BTC',
        oldQuantity: change.oldQuantity,
        newQuantity: change.newQuantity,
        source: historySource,
        sourceUrl: historySourceUrl,
        learnedAt: atMidnight(change.date),
        note: change.note,
      })),
    }),
    db.marketPrice.createMany({
      data: newPrices.map((price) => ({ symbol: 'BTC', priceUsd: price.priceUsd, at: atMidnight(price.date), source: impliedPriceSource })),
    }),
    ...holdingsUpdates.map(({ id, quantity, asOf }) =>
      db.company.update({ where: { id }, data: { btcHoldings: quantity, holdingsAsOf: asOf, holdingsSourceUrl: historySourceUrl } }),
    ),
    ...flagUpdates.map(({ id, flagReason, flagCheck }) => db.company.update({ where: { id }, data: { flagged: true, flagReason, flagCheck } })),
    // 48,000 snapshots in one transaction: on PostgreSQL under load this overran the 5 s default.
  ], { timeout: 120_000 });

  const countSkipped = (reasons: SkipReason[]) => plan.skipped.filter((skip) => reasons.includes(skip.reason)).length;
  const unknown = plan.skipped.filter((skip) => skip.reason === 'unknown-company');
  return {
    snapshots: { total: plan.snapshots.length, created: newSnapshots.length, updated: correctedSnapshots.length },
    changes: { total: plan.changes.length, created: newChanges.length, removed: staleChanges.length },
    prices: { total: prices.length, created: newPrices.length, keptExisting: prices.length - newPrices.length },
    flaggedCompanies: plan.flags.size,
    flagsAdded: flagUpdates.length,
    zeroRowsSkipped: countSkipped(['zero-gap', 'unconfirmed-zero']),
    quarantined: plan.snapshots.reduce<Record<string, number>>((counts, snapshot) => {
      if (snapshot.quarantine) counts[snapshot.quarantine.check] = (counts[snapshot.quarantine.check] ?? 0) + 1;
      return counts;
    }, {}),
    duplicateRowsSkipped: countSkipped(['duplicate-listing']),
    unknownRowsSkipped: unknown.length,
    unknownListings: [...new Set(unknown.map((skip) => listingKey(skip.row)))].sort(),
    holdingsVerified,
    holdingsUpdated: holdingsUpdates.length,
    holdingsMismatches,
    newestDate: plan.snapshots.reduce<string | null>((newest, snapshot) => (newest && newest > snapshot.date ? newest : snapshot.date), null),
  };
}

/**
 * Companies the daily table does not cover (the rows added from other sources) get one snapshot of
 * their seeded figure on its as-of date, so the history — and every total built on it — includes them.
 */
export async function seedMissingSnapshots(db: Db): Promise<number> {
  const companies = await db.company.findMany({
    where: { snapshots: { none: {} }, btcHoldings: { gt: 0 } },
    select: { id: true, btcHoldings: true, holdingsAsOf: true, source: true, holdingsSourceUrl: true, holdingsFiledAt: true },
  });
  for (const company of companies) {
    await db.holdingSnapshot.create({
      data: {
        companyId: company.id,
        quantity: company.btcHoldings,
        asOf: company.holdingsAsOf,
        source: company.source,
        sourceUrl: company.holdingsSourceUrl,
        filedAt: company.holdingsFiledAt,
      },
    });
  }
  return companies.length;
}
