// Shares that always add up: percentages by the largest-remainder method (docs/metrics.md).

/**
 * Splits 100 % over the weights so the rounded parts sum to exactly 100 (or all zero when the
 * weights do). Ties in the remainders go to the earlier entry, so the result is deterministic.
 */
export function largestRemainder(weights: readonly number[], decimals = 0): number[] {
  const total = weights.reduce((sum, weight) => sum + Math.max(0, weight), 0);
  if (total <= 0) return weights.map(() => 0);
  const scale = 10 ** decimals;
  const units = 100 * scale;
  const exact = weights.map((weight) => (Math.max(0, weight) / total) * units);
  const floors = exact.map(Math.floor);
  let left = units - floors.reduce((sum, value) => sum + value, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - floors[index]! })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index]! += 1;
    left -= 1;
  }
  return floors.map((value) => value / scale);
}

const healthBuckets = ['A-B', 'C-D', 'E-F'] as const;
export type HealthBucket = (typeof healthBuckets)[number];

function healthBucketOf(grade: string): HealthBucket {
  if (grade === 'A' || grade === 'B') return 'A-B';
  if (grade === 'C' || grade === 'D') return 'C-D';
  return 'E-F';
}

/** Percent of companies per grade bucket, whole numbers summing to 100. */
export function healthDistribution(grades: readonly string[]): Record<HealthBucket, number> {
  const counts = healthBuckets.map((bucket) => grades.filter((grade) => healthBucketOf(grade) === bucket).length);
  const percentages = largestRemainder(counts);
  return Object.fromEntries(healthBuckets.map((bucket, index) => [bucket, percentages[index]!])) as Record<HealthBucket, number>;
}

export const sectors = ['Technology', 'Mining', 'Financial', 'Healthcare', 'Other'] as const;

export interface SectorShare {
  sector: string;
  /** Share of all bitcoin held by tracked companies, one decimal. */
  percentage: number;
  count: number;
  btcHoldings: number;
}

/**
 * Share of all BTC held, by sector (unclassified companies count as Other), largest first. Rows are
 * companies, or groups of `count` companies holding `btcHoldings` together.
 */
export function sectorAllocation(rows: readonly { sector: string | null; btcHoldings: number; count?: number }[]): SectorShare[] {
  const groups = new Map<string, { count: number; btc: number }>();
  for (const row of rows) {
    const sector = row.sector && (sectors as readonly string[]).includes(row.sector) ? row.sector : 'Other';
    const group = groups.get(sector) ?? { count: 0, btc: 0 };
    group.count += row.count ?? 1;
    group.btc += row.btcHoldings;
    groups.set(sector, group);
  }
  const entries = [...groups.entries()].sort((a, b) => b[1].btc - a[1].btc || a[0].localeCompare(b[0]));
  const percentages = largestRemainder(
    entries.map(([, group]) => group.btc),
    1,
  );
  return entries.map(([sector, group], index) => ({ sector, percentage: percentages[index]!, count: group.count, btcHoldings: group.btc }));
}
