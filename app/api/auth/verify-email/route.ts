import { verifyEmail } from '@/lib/auth/email-verification';
import { verifyEmailSchema } from '@/lib/auth/schema';
import { db } from '@/lib/db';
import { clientIp, readJson, route } from '@/lib/http/route';
import { enforceRateLimit } from '@/lib/rate-limit/limiter';

/** Confirms an address with the token of a verification link; no sign-in needed (the link may open anywhere). */
export const POST = route(async (request) => {
  await enforceRateLimit(`verify-email:${clientIp(request)}`, 30, 15 * 60 * 1000, 'Too many attempts. Please wait 15 minutes and try again.');
  const { token } = await readJson(request, verifyEmailSchema);
  const user = await verifyEmail(db, token);
  return Response.json({ success: true, email: user.email, message: 'Your email address is verified.' });
});
