import NextAuth from 'next-auth';
import { authOptions, nextAuthRequestProblem } from '@/lib/auth/next-auth';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { route } from '@/lib/http/route';

// The spec's JSON endpoints (login, register, logout, user, mfa/*) are static routes and take
// precedence; everything else under /api/auth is next-auth's.

const handler = route<{ params: Promise<{ nextauth: string[] }> }>(async (request, context) => {
  const problem = nextAuthRequestProblem(request);
  if (problem) throw problem;
  let response: Response;
  try {
    response = await NextAuth(authOptions(db))(request, context);
  } catch (error) {
    // next-auth reads an application/json body with request.json() and lets its SyntaxError escape.
    if (error instanceof SyntaxError) throw new AppError('invalid_json', 'Request body must be valid JSON');
    throw error;
  }
  // next-auth answers an unknown action with plain text, and a session update without its CSRF token
  // with an object it never serialises ('[object Object]'); every API error here is `{ message }` JSON.
  if (response.status >= 400 && response.status < 500 && !response.headers.get('content-type')?.includes('application/json')) {
    const text = (await response.text()).replace(/^Error: /, '').trim();
    const message = text && !text.startsWith('[object') ? text : 'This request cannot be processed. Please sign in again.';
    const headers = new Headers(response.headers);
    headers.delete('content-type');
    headers.delete('content-length');
    return Response.json({ message, code: 'bad_request' }, { status: response.status, headers });
  }
  return response;
});

export { handler as GET, handler as POST };
