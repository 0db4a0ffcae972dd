import { startSetup } from '@/lib/auth/mfa';
import { requireUser } from '@/lib/auth/viewer';
import { AppError } from '@/lib/http/errors';
import { route } from '@/lib/http/route';

/** Hands out a new secret; it is kept server-side until verify-setup proves the app has it. */
export const POST = route(async (request) => {
  const { user } = await requireUser(request);
  if (user.mfaEnabled) throw new AppError('conflict', 'Two-factor authentication is already enabled');
  return Response.json(await startSetup(user), { headers: { 'Cache-Control': 'no-store' } });
});
