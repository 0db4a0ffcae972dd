import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/next-auth';

// The spec's JSON endpoints (login, register, logout, user, mfa/*) are static routes and take
// precedence; everything else under /api/auth is next-auth's.
function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(authOptions())(request, context);
}

export { handler as GET, handler as POST };
