import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readQuery } from '@/lib/http/query';
import { route } from '@/lib/http/route';
import { pageQuerySchema } from '@/lib/treasury/params';
import { listHoldings } from '@/lib/treasury/queries';

export const dynamic = 'force-dynamic';

/** Holdings records, largest holder first (spec 001 §3), with provenance and computed metrics. */
export const GET = route(async (request) => {
  await requireEntitledUser(db, request);
  const page = readQuery(request, pageQuerySchema);
  return Response.json(await listHoldings(db, page), { headers: { 'Cache-Control': 'private, no-store' } });
});
