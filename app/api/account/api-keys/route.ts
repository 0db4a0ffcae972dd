import { countActiveKeys, createApiKey, listApiKeys, maxActiveKeys } from '@/lib/api-keys/service';
import { createApiKeySchema } from '@/lib/api-keys/schema';
import { requireEntitledUser, requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { readJson, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// Key management reads the session only: a key never manages keys (lib/api-v1/access.ts is the one
// place a key is accepted).

/** The signed-in user's keys, newest first, without their secrets. */
export const GET = route(async (request) => {
  const { user } = await requireUser(db, request);
  return Response.json(await listApiKeys(db, user.id), { headers: { 'Cache-Control': 'private, no-store' } });
});

/** Creates a key. The secret is in this answer only: it is stored as a hash. */
export const POST = route(async (request) => {
  const { user } = await requireEntitledUser(db, request);
  const input = await readJson(request, createApiKeySchema);
  if ((await countActiveKeys(db, user.id)) >= maxActiveKeys) {
    throw new AppError('conflict', `You can have at most ${maxActiveKeys} active keys. Revoke one first.`);
  }
  const created = await createApiKey(db, user.id, input);
  return Response.json(created, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});
