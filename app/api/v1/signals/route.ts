import { db } from '@/lib/db';
import { v1Json } from '@/lib/api-v1/handler';
import { signalsQuerySchema, signalsResponseSchema } from '@/lib/api-v1/schema';
import { listV1Signals } from '@/lib/api-v1/signals';

export const dynamic = 'force-dynamic';

/** Signals, newest first: since, type, severity, q, keyset cursor. */
export const GET = v1Json(db, { query: signalsQuerySchema, response: signalsResponseSchema, maxAgeSeconds: 15, load: ({ query }) => listV1Signals(db, query) });
