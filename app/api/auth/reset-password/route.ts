import { passwordResetMessage, resetPassword } from '@/lib/auth/password-reset';
import { resetPasswordSchema } from '@/lib/auth/schema';
import { db } from '@/lib/db';
import { clientIp, readJson, route } from '@/lib/http/route';
import { afterResponse } from '@/lib/http/after-response';
import { deliverSoon } from '@/lib/mail/sender';
import { enforceRateLimit } from '@/lib/rate-limit/limiter';

/** Sets a new password with a reset link's token; every session of the account is signed out. */
export const POST = route(async (request) => {
  await enforceRateLimit(`reset-password:${clientIp(request)}`, 30, 15 * 60 * 1000, 'Too many attempts. Please wait 15 minutes and try again.');
  const input = await readJson(request, resetPasswordSchema);
  await resetPassword(db, input);
  afterResponse(deliverSoon(db));
  return Response.json({ success: true, message: passwordResetMessage });
});
