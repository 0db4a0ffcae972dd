import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readQuery } from '@/lib/http/query';
import { privateJson, route } from '@/lib/http/route';
import { discoveriesQuerySchema } from '@/lib/treasury/schema';
import { listDiscoveries } from '@/lib/treasury/repository';

export const dynamic = 'force-dynamic';

/** The discovery pipeline: companies showing signs of adopting bitcoin, newest first. */
export const GET = route(async (request) => {
  await requireEntitledUser(db, request);
  const query = readQuery(request, discoveriesQuerySchema);
  return privateJson(await listDiscoveries(db, query));
});
