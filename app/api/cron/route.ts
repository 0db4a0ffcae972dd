import { timingSafeEqual } from 'node:crypto';
import { db } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/http/errors';
import { route } from '@/lib/http/route';
import { runJobs } from '@/lib/jobs/registry';

export const dynamic = 'force-dynamic';

// Vercel Cron calls this with `Authorization: Bearer $CRON_SECRET`; without a secret it stays shut.
export const GET = route(async (request) => {
  const secret = getEnv().CRON_SECRET;
  if (!secret) throw new AppError('not_found', 'Not found');
  const given = Buffer.from(request.headers.get('authorization') ?? '');
  const expected = Buffer.from(`Bearer ${secret}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('unauthorized', 'Invalid cron secret');
  }
  const results = await runJobs(db);
  return Response.json({ results }, { status: results.every((result) => result.ok) ? 200 : 500 });
});
