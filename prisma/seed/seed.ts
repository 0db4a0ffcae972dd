import fs from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../lib/csv';
import type { Db } from '../../lib/db';
import { duplicateListingNote } from '../../lib/treasury/slugs';
import { isoDay } from '../../lib/dates';

export const companiesCsvPath = path.join(process.cwd(), 'prisma', 'seed-data', 'treasury-companies.csv');

export interface CompanySeed {
  name: string;
  ticker: string;
  exchange: string;
  country: string | null;
  countryBasis: string | null;
  sector: string | null;
  sectorDetail: string | null;
  secCik: string | null;
  btcHoldings: number;
  holdingsAsOf: Date;
  sharesOutstanding: number | null;
  avgCostUsd: number | null;
  source: string;
  notes: string | null;
}

/** Turns the provenance CSV into company records, refusing rows that would store a wrong figure. */
export function readCompanySeeds(csv: string): CompanySeed[] {
  return parseCsv(csv).map((row, index) => {
    const line = index + 2;
    const btcHoldings = Number(row.btc_holdings);
    const holdingsAsOf = new Date(`${row.as_of}T00:00:00Z`);
    if (!row.name || !row.ticker || !row.exchange) throw new Error(`Line ${line}: name, ticker and exchange are required`);
    if (!Number.isFinite(btcHoldings) || btcHoldings < 0) throw new Error(`Line ${line}: btc_holdings "${row.btc_holdings}" is not a quantity`);
    if (Number.isNaN(holdingsAsOf.getTime())) throw new Error(`Line ${line}: as_of "${row.as_of}" is not a date`);
    return {
      name: row.name,
      ticker: row.ticker,
      exchange: row.exchange,
      country: orNull(row.country),
      countryBasis: orNull(row.country_basis),
      sector: orNull(row.sector),
      sectorDetail: orNull(row.sector_detail),
      secCik: orNull(row.sec_cik),
      btcHoldings,
      holdingsAsOf,
      sharesOutstanding: optionalNumber(row.shares_outstanding, line, 'shares_outstanding'),
      avgCostUsd: optionalNumber(row.avg_cost_usd, line, 'avg_cost_usd'),
      source: row.source ?? '',
      notes: orNull(row.notes),
    };
  });
}

function orNull(value: string | undefined) {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function optionalNumber(value: string | undefined, line: number, column: string) {
  if (!value?.trim()) return null;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new Error(`Line ${line}: ${column} "${value}" is not a number`);
  return number;
}

const keyOf = (seed: Pick<CompanySeed, 'ticker' | 'exchange'>) => `${seed.ticker}\u0000${seed.exchange}`;

/**
 * A company is one (ticker, exchange). When the source lists two entities under the same listing
 * (bitbo shows both "Canada Computational Unlimited Corp." and "SATO Technologies Corp." as
 * SATO:TSXV), the first row is kept and the others' figures are recorded in its notes, never
 * silently overwritten or added together.
 */
function mergeDuplicateListings(seeds: CompanySeed[]): { seeds: CompanySeed[]; conflicts: number } {
  const byKey = new Map<string, CompanySeed>();
  let conflicts = 0;
  for (const seed of seeds) {
    const kept = byKey.get(keyOf(seed));
    if (!kept) {
      byKey.set(keyOf(seed), { ...seed });
      continue;
    }
    conflicts += 1;
    const conflict = `${duplicateListingNote} "${seed.name}" under ${seed.ticker}:${seed.exchange} with ${seed.btcHoldings} BTC (as of ${isoDay(seed.holdingsAsOf)}); kept the first row's figure.`;
    kept.notes = kept.notes ? `${kept.notes} | ${conflict}` : conflict;
  }
  return { seeds: [...byKey.values()], conflicts };
}

/** Loads the seeded companies; running it again changes nothing that is already current. */
export async function seedCompanies(db: Db, csv = fs.readFileSync(companiesCsvPath, 'utf8')) {
  const { seeds, conflicts } = mergeDuplicateListings(readCompanySeeds(csv));
  const existing = new Set((await db.company.findMany({ select: { ticker: true, exchange: true } })).map(keyOf));
  await db.$transaction(
    seeds.map((seed) =>
      db.company.upsert({
        where: { ticker_exchange: { ticker: seed.ticker, exchange: seed.exchange } },
        create: seed,
        update: seed,
      }),
    ),
  );
  const created = seeds.filter((seed) => !existing.has(keyOf(seed))).length;
  return { total: seeds.length, created, updated: seeds.length - created, conflicts };
}
