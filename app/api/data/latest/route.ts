import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';
import { getDataLatest } from '@/lib/treasury/refresh';

export const dynamic = 'force-dynamic';

/** When the data last changed, the user's refresh allowance, and each source's freshness. */
export const GET = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  return Response.json(await getDataLatest(db, user.id), { headers: { 'Cache-Control': 'private, no-store' } });
});
