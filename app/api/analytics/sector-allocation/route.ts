import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { privateJson, route } from '@/lib/http/route';
import { getSectorAllocation } from '@/lib/treasury/repository';

export const dynamic = 'force-dynamic';

/** Share of all bitcoin held, by sector, with the number of companies; sums to 100. */
export const GET = route(async (request) => {
  await requireEntitledUser(db, request);
  return privateJson(await getSectorAllocation(db));
});
