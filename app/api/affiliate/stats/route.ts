import { requireAffiliate } from '@/lib/affiliate/access';
import { getAffiliateStats } from '@/lib/affiliate/stats';
import { route } from '@/lib/http/route';

export const GET = route(async (request) => {
  const { user } = await requireAffiliate(request);
  return Response.json(await getAffiliateStats(user.id), { headers: { 'Cache-Control': 'no-store' } });
});
