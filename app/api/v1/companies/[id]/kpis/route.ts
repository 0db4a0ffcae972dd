import { db } from '@/lib/db';
import { kpisCsv, v1Kpis } from '@/lib/api-v1/capital';
import { kpisQuerySchema, kpisResponseSchema } from '@/lib/api-v1/capital-schema';
import { v1JsonOrCsv } from '@/lib/api-v1/handler';
import type { KpisView } from '@/lib/capital/service';

export const dynamic = 'force-dynamic';

/** BTC Yield, BTC Gain and BTC $ Gain over ?from–?to and the standard windows, each with its basis and dates; JSON or CSV. */
export const GET = v1JsonOrCsv<typeof kpisQuerySchema, { id: string }, KpisView>(db, {
  query: kpisQuerySchema,
  response: kpisResponseSchema,
  maxAgeSeconds: 300,
  load: ({ params, query }) => v1Kpis(db, params.id, query),
  csv: kpisCsv,
});
