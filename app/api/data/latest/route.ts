import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { cachedRead } from '@/lib/web/cached-read';
import { route } from '@/lib/http/route';
import { refreshReads } from '@/lib/dashboard/refresh';

export const dynamic = 'force-dynamic';

/** When the data last changed, the user's refresh allowance, and each source's freshness. */
export const GET = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  return cachedRead(request, refreshReads.dataLatest(db, user.id));
});
