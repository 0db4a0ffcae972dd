import { attributeRegistration } from '@/lib/affiliate/attribution';
import { completePasswordStep, registerAccount } from '@/lib/auth/accounts';
import { sendVerificationEmail } from '@/lib/auth/email-verification';
import { db } from '@/lib/db';
import { afterResponse } from '@/lib/http/after-response';
import { deliverSoon } from '@/lib/mail/sender';
import { registerSchema } from '@/lib/auth/schema';
import { clientIp, readJson, route } from '@/lib/http/route';
import { enforceLimit } from '@/lib/rate-limit/limiter';

// Unknown fields (role, subscription…) are stripped by the schema: an account always starts as a
// plain user without a subscription.
export const POST = route(async (request) => {
  await enforceLimit('register', clientIp(request), 'Too many accounts created from this address. Please try again later.');
  const input = await readJson(request, registerSchema);
  const user = await registerAccount(db, input, request);
  await attributeRegistration(db, user.id, request);
  await sendVerificationEmail(db, user, { limited: false });
  afterResponse(deliverSoon(db));
  return completePasswordStep(db, user, request, 201);
});
