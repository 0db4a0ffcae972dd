import { db } from '@/lib/db';
import { holdingsHistoryExport } from '@/lib/api-v1/exports';
import { v1Export } from '@/lib/api-v1/handler';
import { historyExportQuerySchema } from '@/lib/api-v1/schema';

export const dynamic = 'force-dynamic';

/** A company's holdings history as on its detail screen, CSV or JSON. */
export const GET = v1Export<typeof historyExportQuerySchema, { id: string }>(db, { query: historyExportQuerySchema, load: ({ params }) => holdingsHistoryExport(db, params.id) });
