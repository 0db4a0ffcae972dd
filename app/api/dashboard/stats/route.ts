import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { cachedRead, hotReadKeys, hotReads } from '@/lib/web/cached-read';
import { route } from '@/lib/http/route';
import { getDashboardStats } from '@/lib/treasury/repository';

export const dynamic = 'force-dynamic';

/** The dashboard's stat cards (spec 001 §3), computed from stored holdings, metrics and signals. */
export const GET = route(async (request) => {
  await requireEntitledUser(db, request);
  return cachedRead(request, { key: hotReadKeys.dashboardStats(), policy: hotReads.dashboardStats, compute: () => getDashboardStats(db) });
});
