import { entitledRoute } from '@/lib/auth/route';
import { db } from '@/lib/db';
import { removeAlert } from '@/lib/signals/service';

export const dynamic = 'force-dynamic';

/** Removes one of the caller's alert rules; anyone else's is a 404. */
export const DELETE = entitledRoute<{ params: Promise<{ id: string }> }>(db, async ({ user }, _request, { params }) => {
  await removeAlert(db, user.id, (await params).id);
  return new Response(null, { status: 204 });
});
