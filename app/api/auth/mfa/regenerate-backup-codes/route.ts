import { replaceBackupCodes } from '@/lib/auth/mfa';
import { requireUser } from '@/lib/auth/viewer';
import { AppError } from '@/lib/http/errors';
import { route } from '@/lib/http/route';
import { enforceLimit } from '@/lib/rate-limit';

export const POST = route(async (request) => {
  const { user } = await requireUser(request);
  if (!user.mfaEnabled) throw new AppError('validation_failed', 'Two-factor authentication is not enabled.');
  await enforceLimit('backupCodes', user.id, 'Too many backup code requests. Please try again later.');
  return Response.json({ backupCodes: await replaceBackupCodes(user.id) }, { headers: { 'Cache-Control': 'no-store' } });
});
