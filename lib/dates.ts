// Days as the product stores, compares and prints them in data: UTC calendar days, YYYY-MM-DD. What a
// reader sees is lib/format.ts's.

export const dayMs = 86_400_000;

/** The UTC calendar day of `date`, as YYYY-MM-DD. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The YYYY-MM-DD day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs));
}

/** Whole days from one YYYY-MM-DD day to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);
}
