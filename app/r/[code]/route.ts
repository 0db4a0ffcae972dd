import { NextResponse } from 'next/server';
import { findActiveLink, recordClick } from '@/lib/affiliate/links';
import { requestOrigin } from '@/lib/affiliate/urls';
import { cookieOptions, referralCookie } from '@/lib/http/cookies';
import { viewerFromRequest } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { clientIp } from '@/lib/http/route';

const referralMaxAgeSeconds = 30 * 24 * 60 * 60;

function redirectTo(request: Request, path: string) {
  const response = NextResponse.redirect(new URL(path, requestOrigin(request)));
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

/**
 * An affiliate link. An active one counts the click (unless its owner follows it) and remembers the
 * code for 30 days in an httpOnly cookie that only registration reads, then sends the visitor to
 * /register (a signed-in visitor, who cannot register, to /). An unknown or inactive code goes to /
 * uncounted.
 */
export async function GET(request: Request, context: { params: Promise<{ code: string }> }) {
  try {
    const { code } = await context.params;
    const link = await findActiveLink(db, code);
    if (!link) return redirectTo(request, '/');
    const { user } = await viewerFromRequest(db, request);
    if (user?.id !== link.userId) await recordClick(db, link.id, clientIp(request));
    if (user) return redirectTo(request, '/');
    const response = redirectTo(request, '/register');
    response.cookies.set(referralCookie, link.code, cookieOptions(request, referralMaxAgeSeconds, '/api/auth'));
    return response;
  } catch (error) {
    console.error('[affiliate] link visit failed', error);
    return redirectTo(request, '/');
  }
}
