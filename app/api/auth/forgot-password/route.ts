import { requestPasswordReset, resetRequestedMessage } from '@/lib/auth/password-reset';
import { forgotPasswordSchema } from '@/lib/auth/schema';
import { db } from '@/lib/db';
import { clientIp, readJson, route } from '@/lib/http/route';
import { afterResponse } from '@/lib/http/after-response';
import { deliverSoon } from '@/lib/mail/sender';

/** Mails a reset link if the account exists; the answer is the same whether or not it does. */
export const POST = route(async (request) => {
  const { email } = await readJson(request, forgotPasswordSchema);
  if (await requestPasswordReset(db, email, clientIp(request))) afterResponse(deliverSoon(db));
  return Response.json({ success: true, message: resetRequestedMessage });
});
