import { alreadyVerifiedMessage, sendVerificationEmail } from '@/lib/auth/email-verification';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { route } from '@/lib/http/route';
import { afterResponse } from '@/lib/http/after-response';
import { deliverSoon } from '@/lib/mail/sender';

/** Sends the signed-in user a fresh verification link (rate-limited per account). */
export const POST = route(async (request) => {
  const { user } = await requireUser(db, request);
  if (user.emailVerifiedAt) throw new AppError('conflict', alreadyVerifiedMessage);
  await sendVerificationEmail(db, user, { limited: true });
  afterResponse(deliverSoon(db));
  return Response.json({ success: true, message: `We sent a new verification link to ${user.email}.` });
});
