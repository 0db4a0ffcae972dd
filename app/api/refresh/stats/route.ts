import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { cachedRead } from '@/lib/web/cached-read';
import { route } from '@/lib/http/route';
import { refreshReads } from '@/lib/dashboard/refresh';

export const dynamic = 'force-dynamic';

/** The user's manual refreshes today and how many remain (spec 001 §3). */
export const GET = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  return cachedRead(request, refreshReads.refreshStats(db, user.id));
});
