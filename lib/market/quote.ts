import { percentChange } from './percent-change';
import type { Db } from '../db';
import { readIngestConfig } from '../data-sources/config';
import type { PriceQuote } from './live';

const day = 86_400_000;

/** The source the market-price ingester stores its quotes under (lib/ingest/market/prices-ingester.ts). */
const marketFeedSource = 'coingecko';

/**
 * How long a quote of `source` counts as live (docs/metrics.md, "Live"): the market-price ingester's
 * own cadence, with one missed run allowed, so a polling badge does not flicker between runs. Any
 * other source (the seed's implied prices, a recorded history) is never live: null.
 */
export function liveWindowMs(source: string, marketIntervalMs: number): number | null {
  return source === marketFeedSource ? 2 * marketIntervalMs : null;
}

/** The market feed's cadence; null when the ingest settings are invalid, in which case no feed runs and nothing is live. */
function marketIntervalMs(): number | null {
  try {
    return readIngestConfig().market.intervalMs;
  } catch {
    return null;
  }
}

/** The latest stored price of `symbol` at `now`, or null before any price is stored. */
export async function latestQuote(db: Db, symbol: string, now = new Date()): Promise<PriceQuote | null> {
  const row = await db.marketPrice.findFirst({ where: { symbol, at: { lte: now } }, orderBy: { at: 'desc' } });
  if (!row) return null;
  let change24h = row.change24hPct;
  if (change24h === null) {
    const dayBefore = await db.marketPrice.findFirst({ where: { symbol, at: { lte: new Date(row.at.getTime() - day) } }, orderBy: { at: 'desc' } });
    const change = percentChange({ from: dayBefore?.priceUsd, to: row.priceUsd });
    change24h = change === null ? null : Math.round(change * 100) / 100;
  }
  const interval = marketIntervalMs();
  return {
    symbol,
    price: row.priceUsd,
    change24h,
    marketCap: row.marketCapUsd,
    volume24h: row.volumeUsd,
    updatedAt: row.at.toISOString(),
    source: row.source,
    liveWithinMs: interval === null ? null : liveWindowMs(row.source, interval),
  };
}
