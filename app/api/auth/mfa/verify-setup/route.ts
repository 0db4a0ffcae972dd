import { encrypt } from '@/lib/auth/crypto';
import { checkTotp, matchPendingSecret, replaceBackupCodes } from '@/lib/auth/mfa';
import { mfaVerifySetupSchema } from '@/lib/auth/schemas';
import { assertNotThrottled, clearFailures, recordFailure } from '@/lib/auth/throttle';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { clientIp, readJson, route } from '@/lib/http/route';

export const POST = route(async (request) => {
  const { user } = await requireUser(request);
  const input = await readJson(request, mfaVerifySetupSchema);
  if (user.mfaEnabled) throw new AppError('conflict', 'Two-factor authentication is already enabled');
  const secret = matchPendingSecret(user, input.tempSecret);
  if (!secret) throw new AppError('validation_failed', 'This setup has expired or does not match. Please start the setup again.');
  const ip = clientIp(request);
  await assertNotThrottled('mfa', user.id, ip);
  const result = await checkTotp(secret, input.code, null);
  if (!result.valid) {
    await recordFailure('mfa', user.id, ip);
    return Response.json({ success: false, message: 'Invalid verification code' });
  }
  await clearFailures('mfa', user.id);
  const backupCodes = await db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: user.id },
      data: { mfaEnabled: true, mfaSecret: encrypt(secret), mfaPendingSecret: null, mfaPendingAt: null, mfaLastStep: result.timeStep, mfaEnabledAt: new Date() },
    });
    return replaceBackupCodes(user.id, tx);
  });
  return Response.json({ success: true, backupCodes }, { headers: { 'Cache-Control': 'no-store' } });
});
