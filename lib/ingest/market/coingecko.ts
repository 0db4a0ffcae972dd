import { z } from 'zod';
import type { IngestConfig } from '../../data-sources/config';
import { decodeBody, getWithRetry, sharedLimiter } from '../http';

// A CoinGecko-style market API (api.coingecko.com/api/v3, or a compatible mirror). Demo keys go in
// the x-cg-demo-api-key header; the keyless and demo plans allow about 30 calls a minute.

export const coins = [
  { id: 'bitcoin', symbol: 'BTC' },
  { id: 'ethereum', symbol: 'ETH' },
] as const;
export type CoinSymbol = (typeof coins)[number]['symbol'];

export interface PricePoint {
  symbol: CoinSymbol;
  priceUsd: number;
  marketCapUsd: number | null;
  volumeUsd: number | null;
  change24hPct: number | null;
  /** CoinGecko's last_updated_at; undefined when the response did not include it. */
  at: Date | undefined;
}

const nullableNumber = z.number().nullable().optional();
const simplePriceSchema = z.record(
  z.string(),
  z.object({
    usd: z.number(),
    usd_market_cap: nullableNumber,
    usd_24h_vol: nullableNumber,
    usd_24h_change: nullableNumber,
    last_updated_at: nullableNumber,
  }),
);

/** `/simple/price?ids=…&vs_currencies=usd&include_…=true` → one point per known coin present. */
export function parseSimplePrice(json: unknown): PricePoint[] {
  const data = simplePriceSchema.parse(json);
  return coins.flatMap(({ id, symbol }) => {
    const entry = data[id];
    if (!entry) return [];
    return [
      {
        symbol,
        priceUsd: entry.usd,
        marketCapUsd: entry.usd_market_cap ?? null,
        volumeUsd: entry.usd_24h_vol ?? null,
        change24hPct: entry.usd_24h_change ?? null,
        at: entry.last_updated_at ? new Date(entry.last_updated_at * 1000) : undefined,
      },
    ];
  });
}

const series = z.array(z.tuple([z.number(), z.number().nullable()]).rest(z.unknown())).optional();
const marketChartSchema = z.object({ prices: z.array(z.tuple([z.number(), z.number().nullable()]).rest(z.unknown())), market_caps: series, total_volumes: series });

export interface HistoryPoint {
  at: Date;
  priceUsd: number;
  marketCapUsd: number | null;
  volumeUsd: number | null;
}

/**
 * `/coins/{id}/market_chart?vs_currency=usd&days=N`: parallel [ms, value] series. Above 90 days the
 * points are daily at 00:00 UTC, and the last one is the current price.
 */
export function parseMarketChart(json: unknown): HistoryPoint[] {
  const data = marketChartSchema.parse(json);
  const byTime = (points: typeof data.market_caps) => new Map((points ?? []).map(([at, value]) => [at, value]));
  const caps = byTime(data.market_caps);
  const volumes = byTime(data.total_volumes);
  return data.prices.flatMap(([at, price]) =>
    price === null || !Number.isFinite(price) ? [] : [{ at: new Date(at), priceUsd: price, marketCapUsd: caps.get(at) ?? null, volumeUsd: volumes.get(at) ?? null }],
  );
}

const coingeckoMinGapMs = 1000;

export class CoinGeckoClient {
  constructor(
    private readonly settings: IngestConfig['market'],
    private readonly timeoutMs: number,
  ) {}

  simplePriceUrl(): string {
    const query = new URLSearchParams({
      ids: coins.map((coin) => coin.id).join(','),
      vs_currencies: 'usd',
      include_24hr_change: 'true',
      include_market_cap: 'true',
      include_24hr_vol: 'true',
      include_last_updated_at: 'true',
    });
    return `${this.settings.baseUrl}/simple/price?${query}`;
  }

  marketChartUrl(id: string, days: number): string {
    return `${this.settings.baseUrl}/coins/${encodeURIComponent(id)}/market_chart?${new URLSearchParams({ vs_currency: 'usd', days: String(days) })}`;
  }

  async getJson(url: string): Promise<unknown> {
    const body = await getWithRetry(url, {
      headers: { Accept: 'application/json', ...(this.settings.apiKey ? { 'x-cg-demo-api-key': this.settings.apiKey } : {}) },
      timeoutMs: this.timeoutMs,
      limiter: sharedLimiter('coingecko', coingeckoMinGapMs),
    });
    try {
      return JSON.parse(decodeBody(body)) as unknown;
    } catch {
      throw new Error(`GET ${url} did not return JSON`);
    }
  }
}
