import { db } from '@/lib/db';
import { mnavBasisExport } from '@/lib/api-v1/capital';
import { mnavHistoryQuerySchema } from '@/lib/api-v1/capital-schema';
import { mnavHistoryExport } from '@/lib/api-v1/exports';
import { v1Export } from '@/lib/api-v1/handler';

export const dynamic = 'force-dynamic';

/** A company's mNAV history on a basis (basic, EV, diluted, net), one point per day, CSV or JSON. */
export const GET = v1Export<typeof mnavHistoryQuerySchema, { id: string }>(db, {
  query: mnavHistoryQuerySchema,
  load: ({ params, query }) => (query.basis === 'basic' ? mnavHistoryExport(db, params.id) : mnavBasisExport(db, params.id, query.basis)),
});
