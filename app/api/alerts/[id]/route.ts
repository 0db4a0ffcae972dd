import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';
import { removeAlert } from '@/lib/signals/service';

export const dynamic = 'force-dynamic';

/** Removes one of the caller's alert rules; anyone else's is a 404. */
export const DELETE = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const { user } = await requireEntitledUser(db, request);
  const { id } = await params;
  await removeAlert(db, user.id, id);
  return new Response(null, { status: 204 });
});
