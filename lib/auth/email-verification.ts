import type { Db } from '../db';
import { AppError } from '../http/errors';
import { verifyEmailMail } from '../mail/account-mails';
import { mailLimits } from '../mail/limits';
import { enqueueEmail } from '../mail/queue';
import { enforceRateLimit } from '../rate-limit/limiter';
import { randomToken, sha256 } from '../crypto';

// Address verification: a link mailed on registration (and to a new address whenever one is set);
// until it is followed the account works, but no alert, report or digest mail is sent to it.

const verificationTtlMs = 7 * 24 * 60 * 60 * 1000;
const verificationLinkInvalidMessage = 'This verification link is invalid or has expired. Please request a new one.';
const verificationTooManyMessage = 'Too many verification emails. Please wait and try again later.';
export const alreadyVerifiedMessage = 'Your email address is already verified.';

/** Queues a verification mail for the user's current address; the rate limit applies to resends. */
export async function sendVerificationEmail(db: Db, user: { id: string; email: string; firstName: string }, options: { limited: boolean }) {
  if (options.limited) {
    const limits = mailLimits();
    await enforceRateLimit(`verify-email:${user.id}`, limits.verifyPerAccount, limits.verifyWindowMs, verificationTooManyMessage);
  }
  const token = randomToken();
  const row = await db.emailVerificationToken.create({
    data: { tokenHash: sha256(token), userId: user.id, email: user.email, expiresAt: new Date(Date.now() + verificationTtlMs) },
  });
  const mail = verifyEmailMail(user, token);
  await enqueueEmail(db, { idempotencyKey: `verify-email:${row.id}`, kind: 'verify-email', to: user.email, userId: user.id, subject: mail.subject, text: mail.text, html: mail.html });
}

/** Confirms the address the link was sent to, if it is still the account's address. */
export async function verifyEmail(db: Db, token: string) {
  const row = await db.emailVerificationToken.findUnique({ where: { tokenHash: sha256(token) }, include: { user: true } });
  const now = new Date();
  if (!row || row.usedAt || row.expiresAt <= now || row.user.email !== row.email) {
    throw new AppError('validation_failed', verificationLinkInvalidMessage, { token: [verificationLinkInvalidMessage] });
  }
  await db.$transaction([
    db.emailVerificationToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } }),
    db.user.update({ where: { id: row.userId }, data: { emailVerifiedAt: row.user.emailVerifiedAt ?? now } }),
  ]);
  return row.user;
}
