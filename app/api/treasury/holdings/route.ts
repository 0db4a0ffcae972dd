import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readQuery } from '@/lib/http/query';
import { route } from '@/lib/http/route';
import { pageQuerySchema } from '@/lib/treasury/schema';
import { listHoldings } from '@/lib/treasury/repository';

export const dynamic = 'force-dynamic';

/** Holdings records, largest holder first (spec 001 §3), with provenance and computed metrics. */
export const GET = route(async (request) => {
  await requireEntitledUser(db, request);
  const page = readQuery(request, pageQuerySchema);
  return Response.json(await listHoldings(db, page), { headers: { 'Cache-Control': 'private, no-store' } });
});
