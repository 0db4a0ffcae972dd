import { db } from '@/lib/db';
import { issuanceCsv, v1Issuance } from '@/lib/api-v1/capital';
import { capitalQuerySchema, issuanceResponseSchema } from '@/lib/api-v1/capital-schema';
import { v1JsonOrCsv } from '@/lib/api-v1/handler';
import type { IssuanceView } from '@/lib/capital/service';

export const dynamic = 'force-dynamic';

/** Every purchase and capital raise, each common-stock raise marked accretive or dilutive; JSON or CSV. */
export const GET = v1JsonOrCsv<typeof capitalQuerySchema, { id: string }, IssuanceView>(db, {
  query: capitalQuerySchema,
  response: issuanceResponseSchema,
  maxAgeSeconds: 300,
  load: ({ params }) => v1Issuance(db, params.id),
  csv: issuanceCsv,
});
