import { db } from '@/lib/db';
import { v1Json } from '@/lib/api-v1/handler';
import { listV1Discoveries } from '@/lib/api-v1/market';
import { discoveriesQuerySchema, discoveriesResponseSchema } from '@/lib/api-v1/schema';

export const dynamic = 'force-dynamic';

/** The discovery pipeline, newest first. */
export const GET = v1Json(db, { query: discoveriesQuerySchema, response: discoveriesResponseSchema, maxAgeSeconds: 60, load: ({ query }) => listV1Discoveries(db, query) });
