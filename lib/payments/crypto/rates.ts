import type { Db } from '@/lib/db';
import { readIngestConfig } from '@/lib/data-sources/config';
import { cryptoCurrencyNames as names, cryptoFallbackRates as fallbackRates, type CryptoCurrency, type CryptoRates } from '../schema';

// BTC and ETH in USD from a CoinGecko-style /simple/price (the ingest's market API settings),
// cached 30 s. When the API fails: the newest stored market price, else the spec's fallback.

type RateSource = CryptoRates['source'];

const coinIds: Record<CryptoCurrency, string> = { BTC: 'bitcoin', ETH: 'ethereum' };
// The spec's fallback figures are early-2024 prices; a stored price from after then is better.
const fallbackDate = new Date('2024-01-01T00:00:00Z');
const cacheMs = 30_000;

let cache: { key: string; at: number; value: CryptoRates } | null = null;

const build = (
  usd: Record<CryptoCurrency, number>,
  sources: Record<CryptoCurrency, RateSource>,
  asOf: Record<CryptoCurrency, Date | null>,
  source: RateSource,
  updatedAt: Date,
): CryptoRates => ({
  rates: {
    BTC: { usd: usd.BTC, symbol: 'BTC', name: names.BTC, source: sources.BTC, asOf: asOf.BTC?.toISOString() ?? null },
    ETH: { usd: usd.ETH, symbol: 'ETH', name: names.ETH, source: sources.ETH, asOf: asOf.ETH?.toISOString() ?? null },
  },
  source,
  updatedAt: updatedAt.toISOString(),
});

async function fetchLive(baseUrl: string, apiKey: string | undefined, timeoutMs: number) {
  const url = `${baseUrl}/simple/price?ids=${coinIds.BTC},${coinIds.ETH}&vs_currencies=usd&include_last_updated_at=true`;
  const response = await fetch(url, {
    headers: { Accept: 'application/json', ...(apiKey ? { 'x-cg-demo-api-key': apiKey } : {}) },
    signal: AbortSignal.timeout(Math.min(timeoutMs, 10_000)),
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`rates ${response.status}`);
  const body = (await response.json()) as Record<string, { usd?: number; last_updated_at?: number }>;
  const btc = body[coinIds.BTC]?.usd;
  const eth = body[coinIds.ETH]?.usd;
  if (!(typeof btc === 'number' && btc > 0 && typeof eth === 'number' && eth > 0)) throw new Error('rates missing');
  const updated = Math.max(body[coinIds.BTC]?.last_updated_at ?? 0, body[coinIds.ETH]?.last_updated_at ?? 0);
  const at = updated > 0 ? new Date(updated * 1000) : new Date();
  return build({ BTC: btc, ETH: eth }, { BTC: 'coingecko', ETH: 'coingecko' }, { BTC: at, ETH: at }, 'coingecko', at);
}

async function storedOrFallback(db: Db): Promise<CryptoRates> {
  const usd = { ...fallbackRates };
  const sources: Record<CryptoCurrency, RateSource> = { BTC: 'fallback', ETH: 'fallback' };
  const asOf: Record<CryptoCurrency, Date | null> = { BTC: null, ETH: null };
  let newest: Date | null = null;
  for (const symbol of ['BTC', 'ETH'] as const) {
    const row = await db.marketPrice.findFirst({ where: { symbol, at: { gt: fallbackDate } }, orderBy: { at: 'desc' } }).catch(() => null);
    if (row && row.priceUsd > 0) {
      usd[symbol] = row.priceUsd;
      sources[symbol] = 'stored';
      asOf[symbol] = row.at;
      if (!newest || row.at > newest) newest = row.at;
    }
  }
  return newest ? build(usd, sources, asOf, 'stored', newest) : build(usd, sources, asOf, 'fallback', new Date());
}

export async function cryptoRates(db: Db): Promise<CryptoRates> {
  const { market, timeoutMs } = readIngestConfig();
  const key = `${market.baseUrl}|${market.apiKey ?? ''}`;
  if (cache && cache.key === key && Date.now() - cache.at < cacheMs) return cache.value;
  let value: CryptoRates;
  try {
    value = await fetchLive(market.baseUrl, market.apiKey, timeoutMs);
  } catch {
    value = await storedOrFallback(db);
  }
  cache = { key, at: Date.now(), value };
  return value;
}

export function forgetCryptoRates() {
  cache = null;
}
