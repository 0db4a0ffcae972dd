import { NextResponse } from 'next/server';
import { betaCookie, cookieOptions, pendingSignInCookie } from '@/lib/http/cookies';
import { clearSessionCookies, revokeSession } from '@/lib/auth/session';
import { viewerFromRequest } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';

/**
 * Revokes the session server-side, so a copy of the cookie is refused afterwards too, and closes the beta
 * gate again: logout clears the browser's storage, the stored access included (spec 000 §4).
 */
export const POST = route(async (request) => {
  const { session } = await viewerFromRequest(db, request);
  if (session) await revokeSession(db, session.id);
  const response = NextResponse.json({ success: true });
  clearSessionCookies(response, request);
  response.cookies.set(pendingSignInCookie, '', { httpOnly: true, sameSite: 'lax', path: '/api/auth', maxAge: 0 });
  response.cookies.set(betaCookie, '', cookieOptions(request, 0));
  return response;
});
