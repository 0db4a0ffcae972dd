import { startMfaSetup } from '@/lib/auth/service-mfa';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';

/** Hands out a new secret; it is kept server-side until verify-setup proves the app has it. */
export const POST = route(async (request) => {
  const { user } = await requireUser(db, request);
  return Response.json(await startMfaSetup(db, user), { headers: { 'Cache-Control': 'no-store' } });
});
