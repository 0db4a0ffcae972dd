import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { privateJson, route } from '@/lib/http/route';
import { latestQuote } from '@/lib/market/quote';

export const dynamic = 'force-dynamic';

/**
 * The navigation bar's Bitcoin price: the latest stored BTC quote. Any signed-in user may read it
 * (the bar shows on the billing pages too); the market data proper stays behind the subscription.
 */
export const GET = route(async (request) => {
  await requireUser(db, request);
  return privateJson({ bitcoin: await latestQuote(db, 'BTC') });
});
