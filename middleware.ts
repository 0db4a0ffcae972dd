import { NextResponse, type NextRequest } from 'next/server';
import { isAllowedOrigin } from './lib/realtime/origin';

// Routing only: every route handler and server component checks authorization itself.

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const allowedOrigins = (process.env.ALLOWED_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);

export function middleware(request: NextRequest) {
  if (request.nextUrl.pathname.startsWith('/api/') && unsafeMethods.has(request.method)) {
    const origin = request.headers.get('origin');
    if (!isAllowedOrigin(origin, request.headers.get('host'), allowedOrigins)) {
      return NextResponse.json({ message: 'Cross-origin requests are not allowed', code: 'forbidden' }, { status: 403 });
    }
  }
  return NextResponse.next();
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico|fonts/).*)'],
};
