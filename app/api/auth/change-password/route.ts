import { NextResponse } from 'next/server';
import { assertAcceptablePassword, currentPasswordWrongMessage } from '@/lib/auth/accounts';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { changePasswordSchema } from '@/lib/auth/schema';
import { revokeAllSessions, signIn } from '@/lib/auth/session';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { readJson, route } from '@/lib/http/route';
import { enforceLimit } from '@/lib/rate-limit/limiter';

/** Changes the password and signs out every other browser; this one gets a fresh session. */
export const POST = route(async (request) => {
  const { user } = await requireUser(db, request);
  await enforceLimit('changePassword', user.id, 'Too many attempts. Please wait 15 minutes and try again.');
  const input = await readJson(request, changePasswordSchema);
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new AppError('validation_failed', currentPasswordWrongMessage, { currentPassword: [currentPasswordWrongMessage] });
  }
  assertAcceptablePassword(input.newPassword, 'newPassword');
  await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(input.newPassword), passwordChangedAt: new Date() } });
  await revokeAllSessions(db, user.id);
  const response = NextResponse.json({ success: true, message: 'Password changed successfully' });
  await signIn(db, response, user.id, request);
  return response;
});
