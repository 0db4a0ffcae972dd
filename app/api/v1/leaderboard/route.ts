import { db } from '@/lib/db';
import { leaderboardExport } from '@/lib/api-v1/exports';
import { v1Export } from '@/lib/api-v1/handler';
import { leaderboardExportQuerySchema } from '@/lib/api-v1/schema';

export const dynamic = 'force-dynamic';

/** The dashboard's Top 100 table with its quick filter, CSV or JSON. */
export const GET = v1Export(db, { query: leaderboardExportQuerySchema, load: ({ query }) => leaderboardExport(db, query.filter) });
