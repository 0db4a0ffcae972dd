import { NextResponse, type NextRequest } from 'next/server';
import { isPathAllowed } from './lib/auth/access';
import { malformedPath, methodNotAllowed, unknownApiPath } from './lib/http/api-routes';
import { betaCookie, betaMaxAgeSeconds, betaResetCookie } from './lib/auth/cookies';
import { decodeSessionToken, readSessionToken } from './lib/auth/session-token';
import { isAllowedOrigin } from './lib/realtime/origin';

// Navigation routing (spec 000 §2) and the cross-origin rule for the API. Middleware sees only
// cookies, so it routes on what they claim; every page (lib/auth/page-guard.ts) and route handler
// (lib/auth/viewer.ts) re-checks against the database, which alone knows revoked sessions,
// subscriptions and the beta flag. The beta gate itself is rendered by the root layout at the
// requested path, so a visitor without a gate cookie passes straight through to it.

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const allowedOrigins = (process.env.ALLOWED_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);

export async function middleware(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;

  if (pathname.startsWith('/api/')) {
    if (unsafeMethods.has(request.method) && !isAllowedOrigin(request.headers.get('origin'), request.headers.get('host'), allowedOrigins)) {
      return NextResponse.json({ message: 'Cross-origin requests are not allowed', code: 'forbidden' }, { status: 403 });
    }
    return malformedPath(pathname) ?? unknownApiPath(pathname) ?? methodNotAllowed(pathname, request.method) ?? NextResponse.next();
  }

  // `?reset=true` forgets the gate: this request renders without the cookie, and the browser drops it;
  // the reset cookie keeps the gate up for a signed-in account with its own beta flag too.
  if (searchParams.get('reset') === 'true') {
    request.cookies.delete(betaCookie);
    request.cookies.set(betaResetCookie, '1');
    const headers = new Headers(request.headers);
    headers.set('cookie', request.cookies.toString());
    const response = NextResponse.next({ request: { headers } });
    response.cookies.set(betaCookie, '', { path: '/', maxAge: 0 });
    response.cookies.set(betaResetCookie, '1', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: betaMaxAgeSeconds });
    return response;
  }

  const hasGateCookie = request.cookies.has(betaCookie);
  const claims = await decodeSessionToken(readSessionToken((name) => request.cookies.get(name)?.value));
  if (!claims && hasGateCookie && !isPathAllowed('signed-out', pathname)) {
    return NextResponse.redirect(new URL('/login', request.url));
  }
  return NextResponse.next();
}

export const config = {
  // Node.js, not Edge: the session token is read with node:crypto-backed helpers.
  runtime: 'nodejs',
  matcher: ['/((?!_next/static|_next/image|favicon.ico|fonts/|r/|trial/).*)'],
};
