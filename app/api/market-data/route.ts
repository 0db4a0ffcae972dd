import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { cachedRead, hotReadKeys, hotReads } from '@/lib/web/cached-read';
import { route } from '@/lib/http/route';
import { getMarketData } from '@/lib/treasury/repository';

export const dynamic = 'force-dynamic';

/** Latest BTC and ETH prices with their 24-hour change, and a year of BTC history. */
export const GET = route(async (request) => {
  await requireEntitledUser(db, request);
  return cachedRead(request, { key: hotReadKeys.marketData(), policy: hotReads.marketData, compute: () => getMarketData(db) });
});
