import { NextResponse } from 'next/server';
import { findPendingSignIn } from '@/lib/auth/accounts';
import { pendingSignInCookie } from '@/lib/auth/cookies';
import { consumeBackupCode, verifyUserTotp } from '@/lib/auth/mfa';
import { mfaVerifySchema } from '@/lib/auth/schemas';
import { signIn } from '@/lib/auth/session';
import { assertNotThrottled, clearFailures, recordFailure } from '@/lib/auth/throttle';
import { viewerFromRequest } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { clientIp, readJson, route } from '@/lib/http/route';

// Two uses (spec 000 §2): completing a sign-in whose password step left a pending cookie, and
// confirming a signed-in user's identity (before disabling 2FA). The body's userId is honoured
// only when it names that pending sign-in's or that session's user.
export const POST = route(async (request) => {
  const input = await readJson(request, mfaVerifySchema);
  const pending = await findPendingSignIn(request);
  const viewer = pending ? null : await viewerFromRequest(request);
  const user = pending?.user ?? viewer?.user ?? null;
  if (!user) throw new AppError('unauthorized', 'Your sign-in has expired. Please sign in again.');
  if (user.id !== input.userId) throw new AppError('forbidden', 'This verification does not belong to your sign-in.');
  if (!user.mfaEnabled) throw new AppError('validation_failed', 'Two-factor authentication is not enabled for this account.');

  const ip = clientIp(request);
  await assertNotThrottled('mfa', user.id, ip);
  const valid = input.useBackup ? await consumeBackupCode(user.id, input.code) : await verifyUserTotp(user, input.code);
  if (!valid) {
    await recordFailure('mfa', user.id, ip);
    return Response.json({ valid: false });
  }
  await clearFailures('mfa', user.id);

  if (pending) {
    const claimed = await db.pendingSignIn.updateMany({ where: { id: pending.id, consumedAt: null }, data: { consumedAt: new Date() } });
    if (claimed.count !== 1) throw new AppError('unauthorized', 'Your sign-in has expired. Please sign in again.');
    const response = NextResponse.json({ valid: true });
    await signIn(response, user.id, request);
    response.cookies.set(pendingSignInCookie, '', { httpOnly: true, sameSite: 'lax', path: '/api/auth', maxAge: 0 });
    return response;
  }
  await db.session.update({ where: { id: viewer!.session!.id }, data: { mfaConfirmedAt: new Date() } });
  return Response.json({ valid: true });
});
