import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { privateJson, route } from '@/lib/http/route';
import { getHealthDistribution } from '@/lib/treasury/repository';

export const dynamic = 'force-dynamic';

/** Percent of companies by health grade, keyed A-B, C-D and E-F; sums to 100. */
export const GET = route(async (request) => {
  await requireEntitledUser(db, request);
  return privateJson(await getHealthDistribution(db));
});
