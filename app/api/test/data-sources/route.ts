import { z } from 'zod';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { readJson, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// Writes data sources' ingest records (issue 27: sources unreachable, with the raw errors an ingester
// stores) for end-to-end tests; absent unless the server runs with ENABLE_TEST_ROUTES=1, like app/e2e-error.

const bodySchema = z.object({
  sources: z
    .array(
      z.object({
        key: z.string().min(1).max(100),
        lastSuccessAt: z.iso.datetime().nullable(),
        lastAttemptAt: z.iso.datetime().nullable(),
        lastError: z.string().max(2000).nullable(),
      }),
    )
    .max(50),
});

const dateOf = (value: string | null) => (value === null ? null : new Date(value));

export const POST = route(async (request) => {
  if (process.env.ENABLE_TEST_ROUTES !== '1') throw new AppError('not_found', 'Not found');
  const { sources } = await readJson(request, bodySchema);
  for (const source of sources) {
    const { count } = await db.dataSource.updateMany({
      where: { key: source.key },
      data: { lastSuccessAt: dateOf(source.lastSuccessAt), lastAttemptAt: dateOf(source.lastAttemptAt), lastError: source.lastError },
    });
    if (count === 0) throw new AppError('not_found', `No data source named ${source.key}.`);
  }
  return new Response(null, { status: 204 });
});
