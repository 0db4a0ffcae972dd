import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { privateJson, route } from '@/lib/http/route';
import { getReportStats } from '@/lib/reports/service';

export const dynamic = 'force-dynamic';

/** The four tiles of the Reports page, counted over the reports the caller can see. */
export const GET = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  return privateJson(await getReportStats(db, user.id));
});
