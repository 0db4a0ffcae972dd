import { percentChange } from '../dashboard/market-stats';
import type { Db } from '../db';

const day = 86_400_000;

/** A stored price is "live" while it is younger than this; older ones are shown with their date. */
export const liveQuoteMaxAgeMs = 60 * 60_000;

export interface PriceQuote {
  symbol: string;
  price: number;
  /** Percent over 24 hours: the feed's own figure, else computed from the stored price a day earlier. */
  change24h: number | null;
  marketCap: number | null;
  volume24h: number | null;
  updatedAt: string;
  source: string;
}

/** The latest stored price of `symbol` at `now`, or null before any price is stored. */
export async function latestQuote(db: Db, symbol: string, now = new Date()): Promise<PriceQuote | null> {
  const row = await db.marketPrice.findFirst({ where: { symbol, at: { lte: now } }, orderBy: { at: 'desc' } });
  if (!row) return null;
  let change24h = row.change24hPct;
  if (change24h === null) {
    const dayBefore = await db.marketPrice.findFirst({ where: { symbol, at: { lte: new Date(row.at.getTime() - day) } }, orderBy: { at: 'desc' } });
    const change = percentChange(row.priceUsd, dayBefore?.priceUsd);
    change24h = change === null ? null : Math.round(change * 100) / 100;
  }
  return { symbol, price: row.priceUsd, change24h, marketCap: row.marketCapUsd, volume24h: row.volumeUsd, updatedAt: row.at.toISOString(), source: row.source };
}

/** Whether a quote stamped `updatedAt` still counts as live at `now`. */
export function isLiveQuote(updatedAt: string, now = new Date()): boolean {
  const age = now.getTime() - new Date(updatedAt).getTime();
  return Number.isFinite(age) && age <= liveQuoteMaxAgeMs;
}
