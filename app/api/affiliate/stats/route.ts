import { requireEntitledUser } from '@/lib/auth/viewer';
import { getAffiliateStats } from '@/lib/affiliate/stats';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';

export const GET = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  return Response.json(await getAffiliateStats(db, user.id), { headers: { 'Cache-Control': 'no-store' } });
});
