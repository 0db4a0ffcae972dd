import { NextResponse } from 'next/server';
import { pendingSignInCookie } from '@/lib/auth/cookies';
import { clearSessionCookies, revokeSession } from '@/lib/auth/session';
import { viewerFromRequest } from '@/lib/auth/viewer';
import { route } from '@/lib/http/route';

/** Revokes the session server-side, so a copy of the cookie is refused afterwards too. */
export const POST = route(async (request) => {
  const { session } = await viewerFromRequest(request);
  if (session) await revokeSession(session.id);
  const response = NextResponse.json({ success: true });
  clearSessionCookies(response, request);
  response.cookies.set(pendingSignInCookie, '', { httpOnly: true, sameSite: 'lax', path: '/api/auth', maxAge: 0 });
  return response;
});
