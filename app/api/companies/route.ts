import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readQuery } from '@/lib/http/query';
import { privateJson, route } from '@/lib/http/route';
import { pageQuerySchema } from '@/lib/treasury/schema';
import { listCompanies } from '@/lib/treasury/repository';

export const dynamic = 'force-dynamic';

/** Tracked companies with their computed metrics, largest holder first. */
export const GET = route(async (request) => {
  await requireEntitledUser(db, request);
  const page = readQuery(request, pageQuerySchema);
  return privateJson(await listCompanies(db, page));
});
