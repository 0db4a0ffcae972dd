import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { afterResponse } from '@/lib/http/after-response';
import { readQuery } from '@/lib/http/query';
import { privateJson, readJson, route } from '@/lib/http/route';
import { createReportSchema, reportsQuerySchema } from '@/lib/reports/schema';
import { listReports, requestReport } from '@/lib/reports/service';

export const dynamic = 'force-dynamic';

/** The caller's reports and the scheduler's shared ones, newest first, by period and search text. */
export const GET = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  const query = readQuery(request, reportsQuerySchema);
  return privateJson(await listReports(db, user.id, query));
});

/** Generate Custom Report / Use Template: answers the 'generating' row; the PDF follows after the response. */
export const POST = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  const input = await readJson(request, createReportSchema);
  const { report, generation } = await requestReport(db, user, input);
  afterResponse(generation);
  return Response.json(report, { status: 202 });
});
