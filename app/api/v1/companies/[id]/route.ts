import { db } from '@/lib/db';
import { getV1Company } from '@/lib/api-v1/companies';
import { v1Json } from '@/lib/api-v1/handler';
import { companyResponseSchema, noQuerySchema } from '@/lib/api-v1/schema';

export const dynamic = 'force-dynamic';

/** One company: holdings history with sources, mNAV history, metrics, audit trail, recent signals. */
export const GET = v1Json<typeof noQuerySchema, { id: string }>(db, { query: noQuerySchema, response: companyResponseSchema, maxAgeSeconds: 60, load: ({ params }) => getV1Company(db, params.id) });
