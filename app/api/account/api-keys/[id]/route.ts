import { revokeApiKey } from '@/lib/api-keys/service';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/** Revokes one of the user's keys; it fails on its next request, on every instance. */
export const DELETE = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const { user } = await requireUser(db, request);
  const { id } = await params;
  const key = id.length <= 64 ? await revokeApiKey(db, user.id, id) : null;
  if (!key) throw new AppError('not_found', 'API key not found');
  return Response.json(key);
});
