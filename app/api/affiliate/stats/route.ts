import { requireEntitledUser } from '@/lib/auth/viewer';
import { getAffiliateStats } from '@/lib/affiliate/stats';
import { route } from '@/lib/http/route';
import { db } from '@/lib/db';

export const GET = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  return Response.json(await getAffiliateStats(user.id), { headers: { 'Cache-Control': 'no-store' } });
});
