// The one percent-change rule of every price and volume move (BTC's day and week moves, a quote's
// 24-hour change, a signal's market impact).

/**
 * The percent change from `from` (the earlier, reference value) to `to` (the later one):
 * (to − from) ÷ from × 100. Null when either value is missing or `from` is not positive.
 */
export function percentChange({ from, to }: { from: number | null | undefined; to: number | null | undefined }): number | null {
  if (from == null || to == null || !(from > 0)) return null;
  return ((to - from) / from) * 100;
}
