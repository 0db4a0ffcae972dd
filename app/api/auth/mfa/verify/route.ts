import { NextResponse } from 'next/server';
import { pendingSignInCookie } from '@/lib/http/cookies';
import { mfaVerifySchema } from '@/lib/auth/schema';
import { secondFactorSubject, verifySecondFactor } from '@/lib/auth/service-mfa';
import { signIn } from '@/lib/auth/session';
import { db } from '@/lib/db';
import { clientIp, readJson, route } from '@/lib/http/route';

// Two uses (spec 000 §2): completing a sign-in whose password step left a pending cookie, and
// confirming a signed-in user's identity (before disabling 2FA). The body's userId is honoured
// only when it names that pending sign-in's or that session's user.
export const POST = route(async (request) => {
  const input = await readJson(request, mfaVerifySchema);
  const subject = await secondFactorSubject(db, request);
  if (!(await verifySecondFactor(db, subject, input, clientIp(request)))) return Response.json({ valid: false });
  if (subject.kind === 'session') return Response.json({ valid: true });
  const response = NextResponse.json({ valid: true });
  await signIn(db, response, subject.user.id, request);
  response.cookies.set(pendingSignInCookie, '', { httpOnly: true, sameSite: 'lax', path: '/api/auth', maxAge: 0 });
  return response;
});
