import { db } from '@/lib/db';
import { v1Json } from '@/lib/api-v1/handler';
import { getV1Dashboard } from '@/lib/api-v1/market';
import { dashboardResponseSchema, noQuerySchema } from '@/lib/api-v1/schema';

export const dynamic = 'force-dynamic';

/** The dashboard's totals: tracked companies, BTC held and its value, signal and risk counts. */
export const GET = v1Json(db, { query: noQuerySchema, response: dashboardResponseSchema, maxAgeSeconds: 30, load: () => getV1Dashboard(db) });
