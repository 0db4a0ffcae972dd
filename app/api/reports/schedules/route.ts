import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { privateJson, route } from '@/lib/http/route';
import { listReportSchedules } from '@/lib/reports/schedules';

export const dynamic = 'force-dynamic';

export const GET = route(async (request) => {
  await requireEntitledUser(db, request);
  return privateJson(await listReportSchedules(db));
});
