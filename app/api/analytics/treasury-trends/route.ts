import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readQuery } from '@/lib/http/query';
import { privateJson, route } from '@/lib/http/route';
import { trendsQuerySchema } from '@/lib/treasury/schema';
import { getTreasuryTrends } from '@/lib/treasury/repository';

export const dynamic = 'force-dynamic';

/** Total bitcoin held by tracked companies and its value, per date (`?days=` limits the span). */
export const GET = route(async (request) => {
  await requireEntitledUser(db, request);
  const { days } = readQuery(request, trendsQuerySchema);
  return privateJson(await getTreasuryTrends(db, { days }));
});
