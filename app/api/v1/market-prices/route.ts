import { db } from '@/lib/db';
import { v1Json } from '@/lib/api-v1/handler';
import { getV1MarketPrices } from '@/lib/api-v1/market';
import { marketPricesResponseSchema, noQuerySchema } from '@/lib/api-v1/schema';

export const dynamic = 'force-dynamic';

/** Latest BTC and ETH quotes and a year of stored BTC prices. */
export const GET = v1Json(db, { query: noQuerySchema, response: marketPricesResponseSchema, maxAgeSeconds: 30, load: () => getV1MarketPrices(db) });
