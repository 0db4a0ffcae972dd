// What a stored price quote is and whether it is live: shared by the server and the navigation
// badge, so it imports nothing server-side.

export interface PriceQuote {
  symbol: string;
  price: number;
  /** Percent over 24 hours: the feed's own figure, else computed from the stored price a day earlier. */
  change24h: number | null;
  marketCap: number | null;
  volume24h: number | null;
  updatedAt: string;
  source: string;
  /** How long after `updatedAt` the quote counts as live; null when its source is no live feed. */
  liveWithinMs: number | null;
}

/** Whether a quote still counts as live at `now`: within its source's cadence (never for a source with none). */
export function isLiveQuote(quote: Pick<PriceQuote, 'updatedAt' | 'liveWithinMs'>, now = new Date()): boolean {
  if (quote.liveWithinMs === null) return false;
  const age = now.getTime() - new Date(quote.updatedAt).getTime();
  return Number.isFinite(age) && age >= -60_000 && age <= quote.liveWithinMs;
}
