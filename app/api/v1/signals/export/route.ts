import { db } from '@/lib/db';
import { signalsExport } from '@/lib/api-v1/exports';
import { v1Export } from '@/lib/api-v1/handler';
import { signalsExportQuerySchema } from '@/lib/api-v1/schema';

export const dynamic = 'force-dynamic';

/** Every signal matching the Signals screen's filters, streamed as CSV or JSON. */
export const GET = v1Export(db, { query: signalsExportQuerySchema, load: ({ query: { format: _format, ...filters } }) => signalsExport(db, filters) });
