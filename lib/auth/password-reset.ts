import type { Db } from '../db';
import { AppError } from '../http/errors';
import { announceAccessChanged } from '../realtime/bus';
import { passwordChangedMail, passwordResetMail } from '../mail/account-mails';
import { mailLimits } from '../mail/limits';
import { enqueueEmail } from '../mail/queue';
import { enforceRateLimit } from '../rate-limit/limiter';
import { randomToken, sha256 } from '../crypto';
import { assertAcceptablePassword } from './accounts';
import { hashPassword } from './password';
import { clearFailures } from './throttle';
import type { ResetPasswordInput } from './schema';

const resetTokenTtlMs = 30 * 60 * 1000;
export const resetRequestedMessage = 'If an account exists for that email, we have sent a link to reset its password. It expires in 30 minutes.';
export const resetLinkInvalidMessage = 'This reset link is invalid or has expired. Please request a new one.';
const resetTooManyMessage = 'Too many reset requests. Please wait and try again later.';
export const passwordResetMessage = 'Your password has been reset. Sign in with your new password.';

/**
 * Mails a reset link when the account exists. The answer is the same either way; the limits count
 * the address asked for (existing or not) and the caller's IP, so neither reveals an account.
 * Returns whether a mail was queued (for the caller to kick delivery; never shown to the visitor).
 */
export async function requestPasswordReset(db: Db, email: string, ip: string): Promise<boolean> {
  const limits = mailLimits();
  await enforceRateLimit(`password-reset:ip:${ip}`, limits.resetPerIp, limits.resetWindowMs, resetTooManyMessage);
  await enforceRateLimit(`password-reset:account:${email}`, limits.resetPerAccount, limits.resetWindowMs, resetTooManyMessage);
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, firstName: true } });
  if (!user) return false;
  const token = randomToken();
  const createdAt = new Date();
  const row = await db.passwordResetToken.create({
    data: { tokenHash: sha256(token), userId: user.id, createdAt, expiresAt: new Date(createdAt.getTime() + resetTokenTtlMs) },
  });
  await enqueueEmail(db, { idempotencyKey: `password-reset:${row.id}`, kind: 'password-reset', to: user.email, userId: user.id, ...mailFields(passwordResetMail(user, token)) });
  return true;
}

function mailFields(mail: { subject: string; text: string; html: string }) {
  return { subject: mail.subject, text: mail.text, html: mail.html };
}

/** The live token named by `token`, or null (unknown, used or expired). */
export async function findResetToken(db: Db, token: string) {
  const row = await db.passwordResetToken.findUnique({ where: { tokenHash: sha256(token) } });
  if (!row || row.usedAt || row.expiresAt <= new Date()) return null;
  return row;
}

/**
 * Sets the new password with a single-use token: every session and every other outstanding reset
 * link of the account ends, and a notice is mailed. Two-factor stays on, so the next sign-in still
 * asks for the code.
 */
export async function resetPassword(db: Db, input: ResetPasswordInput) {
  const row = await findResetToken(db, input.token);
  if (!row) throw new AppError('validation_failed', resetLinkInvalidMessage, { token: [resetLinkInvalidMessage] });
  assertAcceptablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const user = await db.$transaction(async (tx) => {
    // Claims the token: of two requests racing with one link, one wins.
    const { count } = await tx.passwordResetToken.updateMany({ where: { id: row.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (count !== 1) throw new AppError('validation_failed', resetLinkInvalidMessage, { token: [resetLinkInvalidMessage] });
    await tx.passwordResetToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } });
    const current = await tx.user.findUniqueOrThrow({ where: { id: row.userId } });
    // The link reached the mailbox: the address is proven as well.
    const updated = await tx.user.update({
      where: { id: row.userId },
      data: { passwordHash, passwordChangedAt: now, ...(current.emailVerifiedAt ? {} : { emailVerifiedAt: now }) },
    });
    await tx.session.updateMany({ where: { userId: row.userId, revokedAt: null }, data: { revokedAt: now } });
    await tx.pendingSignIn.deleteMany({ where: { userId: row.userId } });
    await enqueueEmail(db, { idempotencyKey: `password-changed:${row.id}`, kind: 'password-changed', to: updated.email, userId: updated.id, ...mailFields(passwordChangedMail(updated, now)) }, tx);
    return updated;
  });
  await clearFailures('login', user.email);
  announceAccessChanged({ userIds: [user.id] });
  return user;
}
