import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';
import { manualRefresh } from '@/lib/treasury/refresh';

export const dynamic = 'force-dynamic';

/** A manual refresh (no body): 100 per user per day, then 429 with the message the dashboard shows. */
export const POST = route(async (request) => {
  const { user } = await requireEntitledUser(request);
  const result = await manualRefresh(db, user.id);
  return Response.json({ message: result.message, itemsAdded: result.itemsAdded, refreshStats: result.refreshStats, ...result.refreshStats });
});
