import { db } from '@/lib/db';
import { capitalStructureCsv, v1CapitalStructure } from '@/lib/api-v1/capital';
import { capitalQuerySchema, capitalStructureResponseSchema } from '@/lib/api-v1/capital-schema';
import { v1JsonOrCsv } from '@/lib/api-v1/handler';
import type { CapitalStructureView } from '@/lib/capital/service';

export const dynamic = 'force-dynamic';

/** A company's instruments at notional with their dates, amplification, BTC ratings, coverage and converts; JSON or CSV. */
export const GET = v1JsonOrCsv<typeof capitalQuerySchema, { id: string }, CapitalStructureView>(db, {
  query: capitalQuerySchema,
  response: capitalStructureResponseSchema,
  maxAgeSeconds: 300,
  load: ({ params }) => v1CapitalStructure(db, params.id),
  csv: capitalStructureCsv,
});
