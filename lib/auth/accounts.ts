import { NextResponse } from 'next/server';
import type { Db } from '@/lib/db';
import { isUniqueViolation } from '@/lib/db/errors';
import { AppError } from '@/lib/http/errors';
import { clientIp } from '@/lib/http/route';
import { betaGateEnabled, verifyBetaToken } from './beta';
import { betaCookie, betaMaxAgeSeconds, cookieOptions, pendingSignInCookie, pendingSignInMaxAgeSeconds, readCookie } from '../http/cookies';
import { randomToken, sha256 } from '../crypto';
import { commonPasswordMessage, hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './password';
import type { LoginInput, RegisterInput } from './schema';
import { signIn } from './session';
import { assertNotThrottled, clearFailures, recordFailure } from './throttle';
import { toPublicUser } from './viewer';

const invalidCredentialsMessage = 'Invalid email or password';
export const currentPasswordWrongMessage = 'Current password is incorrect';
const emailTakenMessage = 'An account with this email already exists';
const mfaRequiredMessage = 'Two-factor authentication required. Enter the code from your authenticator app.';

function holdsBetaAccess(request: Request) {
  return betaGateEnabled() && verifyBetaToken(readCookie(request.headers.get('cookie'), betaCookie), betaMaxAgeSeconds);
}

export function assertAcceptablePassword(password: string, field = 'password') {
  if (isCommonPassword(password)) throw new AppError('validation_failed', commonPasswordMessage, { [field]: [commonPasswordMessage] });
}

/** Checks email and password, counting failures; the same answer for an unknown email and a wrong password. */
export async function checkCredentials(db: Db, input: LoginInput, request: Request) {
  const ip = clientIp(request);
  await assertNotThrottled('login', input.email, ip);
  const user = await db.user.findUnique({ where: { email: input.email } });
  const valid = user ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await recordFailure('login', input.email, ip);
    throw new AppError('unauthorized', invalidCredentialsMessage);
  }
  await clearFailures('login', input.email);
  return user;
}

/** The user's beta access flag follows them from the gate into the account. */
export async function grantBetaFromRequest<T extends { id: string; betaAccess: boolean }>(db: Db, user: T, request: Request): Promise<T> {
  if (user.betaAccess || !holdsBetaAccess(request)) return user;
  await db.user.update({ where: { id: user.id }, data: { betaAccess: true } });
  return { ...user, betaAccess: true };
}

export async function registerAccount(db: Db, input: RegisterInput, request: Request) {
  assertAcceptablePassword(input.password);
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
    throw new AppError('conflict', emailTakenMessage, { email: [emailTakenMessage] });
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.user.create({
      data: {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        betaAccess: holdsBetaAccess(request),
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', emailTakenMessage, { email: [emailTakenMessage] });
    throw error;
  }
}

/** After the password step: a session, or (2FA on) a pending sign-in bound to an httpOnly cookie. */
export async function completePasswordStep(db: Db, user: Parameters<typeof toPublicUser>[0], request: Request, status: number) {
  if (user.mfaEnabled) {
    const token = randomToken();
    await db.pendingSignIn.create({
      data: { tokenHash: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + pendingSignInMaxAgeSeconds * 1000) },
    });
    const response = NextResponse.json({ mfaRequired: true, userId: user.id, message: mfaRequiredMessage }, { status: 200 });
    response.cookies.set(pendingSignInCookie, token, cookieOptions(request, pendingSignInMaxAgeSeconds, '/api/auth'));
    return response;
  }
  const response = NextResponse.json({ user: toPublicUser(user) }, { status });
  await signIn(db, response, user.id, request);
  return response;
}

/** The live pending sign-in named by the request's cookie, or null. */
export async function findPendingSignIn(db: Db, request: Request) {
  const token = readCookie(request.headers.get('cookie'), pendingSignInCookie);
  if (!token) return null;
  const pending = await db.pendingSignIn.findUnique({ where: { tokenHash: sha256(token) }, include: { user: true } });
  if (!pending || pending.consumedAt || pending.expiresAt <= new Date()) return null;
  return pending;
}
