// The `meta` every /api/v1 answer carries (lib/api-v1/schema.ts): asOf is the newest figure in it.

/** The newest of a set of ISO dates, or null. */
export function newest(dates: readonly (string | null | undefined)[]): string | null {
  let best: string | null = null;
  for (const date of dates) if (date && (!best || date > best)) best = date;
  return best;
}
