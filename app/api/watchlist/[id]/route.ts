import { entitledRoute } from '@/lib/auth/route';
import { db } from '@/lib/db';
import { removeWatchlistEntry } from '@/lib/signals/service';

export const dynamic = 'force-dynamic';

/** Removes one of the caller's entries; anyone else's is a 404. */
export const DELETE = entitledRoute<{ params: Promise<{ id: string }> }>(db, async ({ user }, _request, { params }) => {
  await removeWatchlistEntry(db, user.id, (await params).id);
  return new Response(null, { status: 204 });
});
