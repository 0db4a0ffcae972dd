// Next 16 deprecates `middleware.ts` in favour of `proxy.ts`, but this file keeps the old name on
// purpose: the design card (STYLE.md, "middleware.ts routes navigation") and the spec name it, Next 16
// still runs it, and having both files is not allowed. Rename it only together with those documents.
import { NextResponse, type NextRequest } from 'next/server';
import { isPathAllowed } from './lib/auth/access';
import { malformedPath, methodNotAllowed, unknownApiPath } from './lib/web/api-routes';
import { betaCookie, betaMaxAgeSeconds, betaResetCookie } from './lib/http/cookies';
import { decodeSessionToken, readSessionToken } from './lib/auth/session-token';
import { originString, publicOrigin, withForwardedOrigin } from './lib/http/public-origin';
import { applyPageSecurityResponseHeaders, pageSecurity, withPageSecurityRequestHeaders } from './lib/web/security-headers';
import { isAllowedOrigin } from './lib/http/origin';

// Navigation routing (spec 000 §2) and the cross-origin rule for the API. Middleware sees only
// cookies, so it routes on what they claim; every page (lib/auth/page-guard.ts) and route handler
// (lib/auth/viewer.ts) re-checks against the database, which alone knows revoked sessions,
// subscriptions and the beta flag. The beta gate itself is rendered by the root layout at the
// requested path, so a visitor without a gate cookie passes straight through to it.

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const allowedOrigins = (process.env.ALLOWED_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);

export async function middleware(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  // The host the browser used (any preview host name works unconfigured; see lib/http/public-origin.ts).
  const origin = publicOrigin(request.headers, request.url);

  if (pathname.startsWith('/api/')) {
    if (unsafeMethods.has(request.method) && !isAllowedOrigin(request.headers.get('origin'), origin.host, allowedOrigins)) {
      return NextResponse.json({ message: 'Cross-origin requests are not allowed', code: 'forbidden' }, { status: 403 });
    }
    return malformedPath(pathname) ?? unknownApiPath(pathname) ?? methodNotAllowed(pathname, request.method) ?? NextResponse.next({ request: { headers: withForwardedOrigin(request.headers, origin) } });
  }

  // Every page gets a fresh nonce and its Content-Security-Policy (lib/web/security-headers.ts).
  const security = pageSecurity(pathname, origin);
  const secured = (response: NextResponse) => {
    applyPageSecurityResponseHeaders(response.headers, security);
    return response;
  };

  // `?reset=true` forgets the gate: this request renders without the cookie, and the browser drops it;
  // the reset cookie keeps the gate up for a signed-in account with its own beta flag too.
  if (searchParams.get('reset') === 'true') {
    request.cookies.delete(betaCookie);
    request.cookies.set(betaResetCookie, '1');
    const headers = withPageSecurityRequestHeaders(request.headers, security);
    headers.set('cookie', request.cookies.toString());
    const response = NextResponse.next({ request: { headers } });
    response.cookies.set(betaCookie, '', { path: '/', maxAge: 0 });
    response.cookies.set(betaResetCookie, '1', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: betaMaxAgeSeconds });
    return secured(response);
  }

  const hasGateCookie = request.cookies.has(betaCookie);
  const claims = await decodeSessionToken(readSessionToken((name) => request.cookies.get(name)?.value));
  // /trial/unavailable explains a refused trial link to whoever opened it, signed in or not.
  if (!claims && hasGateCookie && !isPathAllowed('signed-out', pathname) && !pathname.startsWith('/trial/')) {
    return NextResponse.redirect(new URL('/login', originString(origin)));
  }
  return secured(NextResponse.next({ request: { headers: withPageSecurityRequestHeaders(request.headers, security) } }));
}

export const config = {
  // Node.js, not Edge: the session token is read with node:crypto-backed helpers.
  runtime: 'nodejs',
  // /r/ and /trial/ links are route handlers that set a cookie and redirect; /trial/unavailable is a page.
  // public/ files (icons, robots.txt, the web manifest, the Open Graph image) pass untouched: crawlers,
  // link previews and the browser's icon fetches carry no gate cookie and need no nonce.
  matcher: ['/((?!_next/static|_next/image|favicon\\.ico|icons/|apple-touch-icon\\.png|og-image\\.png|robots\\.txt|manifest\\.webmanifest|fonts/|r/|trial/(?!unavailable)).*)'],
};
