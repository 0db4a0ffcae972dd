import type { z } from 'zod';
import type { Db } from '@/lib/db';
import { isLiveQuote, type PriceQuote } from '@/lib/market/live';
import { getDashboardStats, getMarketData, listDiscoveries } from '@/lib/treasury/repository';
import { newest } from './meta';
import type { dashboardSchema, discoveriesQuerySchema, discoverySchema, marketPricesSchema } from './schema';

// Market prices, dashboard totals and discoveries of /api/v1: the services behind /api/market-data,
// /api/dashboard/stats and /api/discoveries, each mapped to its versioned schema here only.

type Quote = z.input<typeof marketPricesSchema>['quotes'][number];

function toQuote(quote: PriceQuote, now: Date): Quote {
  return {
    symbol: quote.symbol,
    priceUsd: quote.price,
    change24hPercent: quote.change24h,
    marketCapUsd: quote.marketCap,
    volume24hUsd: quote.volume24h,
    pricedAt: quote.updatedAt,
    source: quote.source,
    stale: !isLiveQuote(quote, now),
  };
}

export async function getV1MarketPrices(db: Db, now = new Date()) {
  const market = await getMarketData(db, now);
  const quotes = [market.bitcoin, market.ethereum].filter((quote): quote is PriceQuote => quote !== null).map((quote) => toQuote(quote, now));
  const data: z.input<typeof marketPricesSchema> = { quotes, btcHistory: market.history.map((point) => ({ at: point.date, priceUsd: point.price })) };
  return { data, meta: { asOf: newest(quotes.map((quote) => quote.pricedAt)), sources: [...new Set(quotes.map((quote) => quote.source ?? ''))].filter(Boolean).sort(), nextCursor: null } };
}

export async function getV1Dashboard(db: Db, now = new Date()) {
  const stats = await getDashboardStats(db, now);
  const data: z.input<typeof dashboardSchema> = {
    trackedCompanies: stats.trackedCompanies,
    totalHoldingsBtc: stats.totalBitcoin,
    totalHoldingsValueUsd: stats.btcPriceUsd === null ? null : stats.totalBitcoinValue,
    countedCompanies: stats.countedCompanies,
    excludedFromTotals: { companies: stats.excludedFromTotals.companies, btc: stats.excludedFromTotals.btc, list: stats.excludedFromTotals.list },
    btcPriceUsd: stats.btcPriceUsd,
    btcPricedAt: stats.btcPricedAt,
    activeSignals: stats.totalActiveSignals,
    prePumpAlerts: stats.prePumpAlerts,
    highRiskCompanies: stats.highRiskCompanies,
    averageRiskScore: stats.averageRiskScore,
  };
  return { data, meta: { asOf: stats.btcPricedAt, sources: ['Company holdings (SEC filings and company disclosures)', 'Stored market prices', 'Detected signals'], nextCursor: null } };
}

type Discovery = Awaited<ReturnType<typeof listDiscoveries>>[number];

function toDiscovery(discovery: Discovery): z.input<typeof discoverySchema> {
  return { ...discovery };
}

export async function listV1Discoveries(db: Db, query: z.output<typeof discoveriesQuerySchema>) {
  const data = (await listDiscoveries(db, query)).map(toDiscovery);
  return { data, meta: { asOf: newest(data.map((item) => item.detectedAt)), sources: [...new Set(data.map((item) => item.source))].sort(), nextCursor: null } };
}
