import type { Db } from '../../db';
import { isUniqueViolation } from '@/lib/db/errors';
import { publishSafely } from '../events';
import type { IngestContext, IngestOutcome, Ingester } from '../types';
import { CoinGeckoClient, coins, parseMarketChart, parseSimplePrice, type CoinSymbol, type HistoryPoint, type PricePoint } from './coingecko';

const marketSource = 'coingecko';
/** Prices seed-history derived from the holdings table; a market feed replaces them. */
const impliedSource = 'bitbo-implied';
const day = 86_400_000;
const backfillEveryMs = day;
const backfillRetryMs = 60 * 60 * 1000;

const globalForMarket = globalThis as typeof globalThis & { __ingestMarketState?: { backfilledAt: number; backfillTriedAt: number } };

function marketState() {
  globalForMarket.__ingestMarketState ??= { backfilledAt: 0, backfillTriedAt: 0 };
  return globalForMarket.__ingestMarketState;
}

/** Forgets when history was last backfilled, as a restart would. */
export function resetMarketState(): void {
  globalForMarket.__ingestMarketState = undefined;
}

/** BTC and ETH in USD every minute (CoinGecko refreshes about that often), daily history once a day. */
export const marketPricesIngester: Ingester = {
  source: 'market-prices',
  dataSourceKey: 'market-prices',
  intervalMs: (config) => config.market.intervalMs,
  async run(context: IngestContext): Promise<IngestOutcome> {
    const { db, bus, config } = context;
    const client = new CoinGeckoClient(config.market, config.timeoutMs);
    const now = context.now();
    const points = parseSimplePrice(await client.getJson(client.simplePriceUrl()));
    if (points.length === 0) return { status: 'error', itemsAdded: 0, message: 'The price API answered without bitcoin or ethereum prices.' };

    let added = 0;
    for (const point of points) if (await storePrice(db, point, now)) added += 1;
    if (added > 0) await publishSafely(bus, 'market_update', marketUpdate(points, now));

    const parts = [`${added} new price${added === 1 ? '' : 's'} (${points.map((point) => `${point.symbol} $${point.priceUsd.toLocaleString('en-US')}`).join(', ')})`];
    const state = marketState();
    const nowMs = now.getTime();
    if (nowMs - state.backfilledAt >= backfillEveryMs && nowMs - state.backfillTriedAt >= backfillRetryMs) {
      state.backfillTriedAt = nowMs;
      try {
        let history = 0;
        for (const coin of coins) {
          history += await storeHistory(db, coin.symbol, parseMarketChart(await client.getJson(client.marketChartUrl(coin.id, config.market.historyDays))));
        }
        state.backfilledAt = nowMs;
        added += history;
        parts.push(`${history} history points stored for the last ${config.market.historyDays} days`);
      } catch (error) {
        // Current prices were stored: the source works; the backfill is retried within the hour.
        parts.push(`history backfill failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return { status: 'ok', itemsAdded: added, message: parts.join('; ') };
  },
};

async function storePrice(db: Db, point: PricePoint, now: Date): Promise<boolean> {
  // Without last_updated_at the time is ours, to the second.
  const at = point.at ?? new Date(Math.floor(now.getTime() / 1000) * 1000);
  if ((await db.marketPrice.count({ where: { symbol: point.symbol, at } })) > 0) return false;
  try {
    await db.marketPrice.create({
      data: { symbol: point.symbol, priceUsd: point.priceUsd, marketCapUsd: point.marketCapUsd, volumeUsd: point.volumeUsd, change24hPct: point.change24hPct, at, source: marketSource },
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Adds missing points and replaces implied ones; keeps anything else already stored at the same time. */
async function storeHistory(db: Db, symbol: CoinSymbol, points: readonly HistoryPoint[]): Promise<number> {
  if (points.length === 0) return 0;
  const times = points.map((point) => point.at.getTime());
  const existing = await db.marketPrice.findMany({
    where: { symbol, at: { gte: new Date(Math.min(...times)), lte: new Date(Math.max(...times)) } },
    select: { id: true, at: true, source: true },
  });
  const byTime = new Map(existing.map((row) => [row.at.getTime(), row]));
  const fresh = points.filter((point) => !byTime.has(point.at.getTime()));
  const implied = points.flatMap((point) => {
    const row = byTime.get(point.at.getTime());
    return row?.source === impliedSource ? [{ id: row.id, point }] : [];
  });
  await db.marketPrice.createMany({
    data: fresh.map((point) => ({ symbol, priceUsd: point.priceUsd, marketCapUsd: point.marketCapUsd, volumeUsd: point.volumeUsd, at: point.at, source: marketSource })),
  });
  // Replacing a year of implied prices is hundreds of updates: fifty to a transaction, so the event
  // loop turns between them (nothing yields inside a transaction on SQLite). Each update stands alone.
  for (let start = 0; start < implied.length; start += 50) {
    await db.$transaction(
      implied
        .slice(start, start + 50)
        .map(({ id, point }) =>
          db.marketPrice.update({ where: { id }, data: { priceUsd: point.priceUsd, marketCapUsd: point.marketCapUsd, volumeUsd: point.volumeUsd, source: marketSource } }),
        ),
    );
  }
  return fresh.length + implied.length;
}

/** market_update: the latest price of each coin, in the shape getMarketData (lib/treasury/repository.ts) gives it. */
function marketUpdate(points: readonly PricePoint[], now: Date) {
  const view = (symbol: CoinSymbol) => {
    const point = points.find((candidate) => candidate.symbol === symbol);
    if (!point) return null;
    return {
      symbol,
      price: point.priceUsd,
      change24h: point.change24hPct,
      marketCap: point.marketCapUsd,
      volume24h: point.volumeUsd,
      updatedAt: (point.at ?? now).toISOString(),
      source: marketSource,
    };
  };
  return { bitcoin: view('BTC'), ethereum: view('ETH') };
}
