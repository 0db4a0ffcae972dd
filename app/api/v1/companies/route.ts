import { db } from '@/lib/db';
import { listV1Companies } from '@/lib/api-v1/companies';
import { v1Json } from '@/lib/api-v1/handler';
import { companiesQuerySchema, companiesResponseSchema } from '@/lib/api-v1/schema';

export const dynamic = 'force-dynamic';

/** Tracked companies with their metrics, largest holder first; filters and a keyset cursor. */
export const GET = v1Json(db, { query: companiesQuerySchema, response: companiesResponseSchema, maxAgeSeconds: 60, load: ({ query }) => listV1Companies(db, query) });
