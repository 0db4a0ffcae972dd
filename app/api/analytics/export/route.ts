import { z } from 'zod';
import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readQuery } from '@/lib/http/query';
import { route } from '@/lib/http/route';
import { buildAnalyticsCsv, buildAnalyticsPdf } from '@/lib/reports/analytics';
import { isoDay } from '@/lib/dates';

export const dynamic = 'force-dynamic';

const exportQuerySchema = z.object({ format: z.enum(['pdf', 'csv'], { message: 'format must be pdf or csv' }).default('pdf') });

/** The Analytics page's Export Report: every company with its metrics (CSV) or a PDF summary. */
export const GET = route(async (request) => {
  await requireEntitledUser(db, request);
  const { format } = readQuery(request, exportQuerySchema);
  const now = new Date();
  const stamp = isoDay(now);
  if (format === 'csv') {
    return new Response(await buildAnalyticsCsv(db, now), {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="treasury-analytics-${stamp}.csv"`, 'Cache-Control': 'private, no-store' },
    });
  }
  return new Response(new Uint8Array(await buildAnalyticsPdf(db, now)), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="treasury-analytics-${stamp}.pdf"`, 'Cache-Control': 'private, no-store' },
  });
});
