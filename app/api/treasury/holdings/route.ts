import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { cachedRead, hotReadKeys, hotReads } from '@/lib/web/cached-read';
import { readQuery } from '@/lib/http/query';
import { route } from '@/lib/http/route';
import { pageQuerySchema } from '@/lib/treasury/schema';
import { listHoldings } from '@/lib/treasury/repository';

export const dynamic = 'force-dynamic';

/** Holdings records, largest holder first (spec 001 §3), with provenance and computed metrics. */
export const GET = route(async (request) => {
  await requireEntitledUser(db, request);
  const page = readQuery(request, pageQuerySchema);
  return cachedRead(request, { key: hotReadKeys.holdings(page), policy: hotReads.holdings, compute: () => listHoldings(db, page) });
});
