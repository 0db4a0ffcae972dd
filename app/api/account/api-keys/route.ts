import { countActiveKeys, createApiKey, listApiKeys, maxActiveKeys } from '@/lib/api-keys/service';
import { createApiKeySchema } from '@/lib/api-keys/schema';
import { entitledRoute, userRoute } from '@/lib/auth/route';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { privateJson, readJson } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// Key management reads the session only: a key never manages keys (lib/api-v1/access.ts is the one
// place a key is accepted).

/** The signed-in user's keys, newest first, without their secrets. */
export const GET = userRoute(db, async ({ user }) => privateJson(await listApiKeys(db, user.id)));

/** Creates a key. The secret is in this answer only: it is stored as a hash. */
export const POST = entitledRoute(db, async ({ user }, request) => {
  const input = await readJson(request, createApiKeySchema);
  if ((await countActiveKeys(db, user.id)) >= maxActiveKeys) {
    throw new AppError('conflict', `You can have at most ${maxActiveKeys} active keys. Revoke one first.`);
  }
  const created = await createApiKey(db, user.id, input);
  return Response.json(created, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});
