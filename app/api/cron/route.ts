import { timingSafeEqual } from 'node:crypto';
import { db } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/http/errors';
import { route } from '@/lib/http/route';
import { jobs } from '@/lib/background/jobs';
import { runDueJobs } from '@/lib/jobs/scheduler';

export const dynamic = 'force-dynamic';
/** Seconds Vercel lets this function run (docs/operations.md, "Jobs on Vercel"); the budget below stays inside it. */
export const maxDuration = 60;
const budgetMs = 50_000;
const jobBudgetMs = 25_000;

// Vercel Cron calls this with `Authorization: Bearer $CRON_SECRET` (QA may call it the same way on a
// preview, where Vercel runs no crons); without a secret it stays shut. Each call runs the jobs that
// are due, under the same period leases as server.ts's scheduler.
export const GET = route(async (request) => {
  const secret = getEnv().CRON_SECRET;
  if (!secret) throw new AppError('not_found', 'Not found');
  const given = Buffer.from(request.headers.get('authorization') ?? '');
  const expected = Buffer.from(`Bearer ${secret}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('unauthorized', 'Invalid cron secret');
  }
  const report = await runDueJobs(db, { budgetMs, jobBudgetMs }, jobs);
  return Response.json(report, { status: report.results.every((result) => result.ok) ? 200 : 500 });
});
