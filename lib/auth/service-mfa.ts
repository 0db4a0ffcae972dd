import QRCode from 'qrcode';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { enforceLimit } from '@/lib/rate-limit/limiter';
import { findPendingSignIn } from './accounts';
import { encrypt } from '../crypto';
import { checkTotp, consumeBackupCode, formatManualKey, matchPendingSecret, newTotpSecret, replaceBackupCodes, verifyUserTotp } from './mfa';
import { mfaDisableMarker, type MfaVerifyInput, type MfaVerifySetupInput } from './schema';
import { revokeAllSessions, type LoadedSession } from './session';
import { assertNotThrottled, clearFailures, recordFailure } from './throttle';
import { viewerFromRequest } from './viewer';

// The state changes of two-factor authentication (spec 000 §2): setup and its confirmation, the
// second step of a sign-in, confirming a signed-in user's identity, and switching it off. The rules
// they apply (TOTP, backup codes) are lib/auth/mfa.ts; route handlers add only the cookies.

type SessionUser = LoadedSession['user'];

/** How long a passed verification dialog authorises disabling 2FA in the same session. */
const confirmationWindowMs = 5 * 60 * 1000;

const alreadyEnabledMessage = 'Two-factor authentication is already enabled';
const notEnabledMessage = 'Two-factor authentication is not enabled.';
const signInExpiredMessage = 'Your sign-in has expired. Please sign in again.';

function assertMfaEnabled(user: SessionUser, message = notEnabledMessage) {
  if (!user.mfaEnabled) throw new AppError('validation_failed', message);
}

/** Hands out a new secret; it is kept server-side until confirmMfaSetup proves the app has it. */
export async function startMfaSetup(db: Db, user: SessionUser) {
  if (user.mfaEnabled) throw new AppError('conflict', alreadyEnabledMessage);
  const { secret, uri } = newTotpSecret(user.email);
  const qrCodeSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1, width: 200 });
  await db.user.update({ where: { id: user.id }, data: { mfaPendingSecret: encrypt(secret), mfaPendingAt: new Date() } });
  return { secret, qrCodeSvg, manualEntryKey: formatManualKey(secret) };
}

/** Turns 2FA on once a code from the pending secret checks out: the ten backup codes, or null for a wrong code. */
export async function confirmMfaSetup(db: Db, user: SessionUser, input: MfaVerifySetupInput, ip: string): Promise<string[] | null> {
  if (user.mfaEnabled) throw new AppError('conflict', alreadyEnabledMessage);
  const secret = matchPendingSecret(user, input.tempSecret);
  if (!secret) throw new AppError('validation_failed', 'This setup has expired or does not match. Please start the setup again.');
  await assertNotThrottled('mfa', user.id, ip);
  const result = await checkTotp(secret, input.code, null);
  if (!result.valid) {
    await recordFailure('mfa', user.id, ip);
    return null;
  }
  await clearFailures('mfa', user.id);
  return db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: user.id },
      data: { mfaEnabled: true, mfaSecret: encrypt(secret), mfaPendingSecret: null, mfaPendingAt: null, mfaLastStep: result.timeStep, mfaEnabledAt: new Date() },
    });
    return replaceBackupCodes(tx, user.id);
  });
}

/** Who a second-factor code is for: a sign-in waiting for it, or a signed-in session confirming identity. */
type SecondFactorSubject = { kind: 'sign-in'; pendingSignInId: string; user: SessionUser } | { kind: 'session'; sessionId: string; user: SessionUser };

/** The pending sign-in named by the request's cookie, else its live session; a 401 when neither. */
export async function secondFactorSubject(db: Db, request: Request): Promise<SecondFactorSubject> {
  const pending = await findPendingSignIn(db, request);
  if (pending) return { kind: 'sign-in', pendingSignInId: pending.id, user: pending.user };
  const { session } = await viewerFromRequest(db, request);
  if (!session) throw new AppError('unauthorized', signInExpiredMessage);
  return { kind: 'session', sessionId: session.id, user: session.user };
}

/**
 * Checks a TOTP or backup code for `subject` (the body's userId must name its user) and, when it
 * passes, spends the pending sign-in or marks the session's identity as just confirmed.
 */
export async function verifySecondFactor(db: Db, subject: SecondFactorSubject, input: MfaVerifyInput, ip: string): Promise<boolean> {
  const { user } = subject;
  if (user.id !== input.userId) throw new AppError('forbidden', 'This verification does not belong to your sign-in.');
  assertMfaEnabled(user, 'Two-factor authentication is not enabled for this account.');
  await assertNotThrottled('mfa', user.id, ip);
  const valid = input.useBackup ? await consumeBackupCode(db, user.id, input.code) : await verifyUserTotp(db, user, input.code);
  if (!valid) {
    await recordFailure('mfa', user.id, ip);
    return false;
  }
  await clearFailures('mfa', user.id);
  if (subject.kind === 'sign-in') {
    const claimed = await db.pendingSignIn.updateMany({ where: { id: subject.pendingSignInId, consumedAt: null }, data: { consumedAt: new Date() } });
    if (claimed.count !== 1) throw new AppError('unauthorized', signInExpiredMessage);
  } else {
    await db.session.update({ where: { id: subject.sessionId }, data: { mfaConfirmedAt: new Date() } });
  }
  return true;
}

/**
 * Switches 2FA off for a session whose identity was confirmed within the last five minutes, and
 * signs every browser of the user out; the caller signs the current one in again.
 */
export async function disableMfa(db: Db, signedIn: LoadedSession, verificationCode: string) {
  const { user } = signedIn;
  assertMfaEnabled(user);
  const confirmedAt = signedIn.mfaConfirmedAt;
  const confirmed = confirmedAt !== null && Date.now() - confirmedAt.getTime() <= confirmationWindowMs;
  if (verificationCode !== mfaDisableMarker || !confirmed) {
    throw new AppError('forbidden', 'Please verify your identity with a current code before disabling two-factor authentication.');
  }
  await db.$transaction([
    db.user.update({
      where: { id: user.id },
      data: { mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, mfaPendingAt: null, mfaLastStep: null, mfaEnabledAt: null },
    }),
    db.backupCode.deleteMany({ where: { userId: user.id } }),
  ]);
  await revokeAllSessions(db, user.id);
}

/** Ten new backup codes in place of the old ones, rate-limited per user. */
export async function regenerateBackupCodes(db: Db, user: SessionUser) {
  assertMfaEnabled(user);
  await enforceLimit('backupCodes', user.id, 'Too many backup code requests. Please try again later.');
  return replaceBackupCodes(db, user.id);
}

export async function dismissMfaPrompt(db: Db, userId: string) {
  await db.user.update({ where: { id: userId }, data: { mfaPromptDismissed: true } });
}
