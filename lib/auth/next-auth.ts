import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { checkCredentials } from './accounts';
import { readCookie, sessionMaxAgeSeconds } from '../http/cookies';
import { loginSchema } from './schema';
import { createSession } from './session';
import { authSecret } from '../secret';
import { toPublicUser } from './viewer';

// next-auth's own endpoints (/api/auth/session, /csrf, /callback/credentials, /signout) over the
// same sessions as the spec's JSON endpoints: the token names a Session row, which can be revoked.
// A password alone never signs in an account with two-factor on; that goes through /login.

export function authOptions(db: Db): NextAuthOptions {
  trustRequestOriginUnlessConfigured();
  return {
    secret: authSecret(),
    session: { strategy: 'jwt', maxAge: sessionMaxAgeSeconds },
    pages: { signIn: '/login', error: '/login' },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, req) {
          const parsed = loginSchema.safeParse(credentials);
          if (!parsed.success) return null;
          const headers = new Headers();
          for (const [key, value] of Object.entries(req.headers ?? {})) if (typeof value === 'string') headers.set(key, value);
          const request = new Request('http://localhost/api/auth/callback/credentials', { headers });
          const user = await checkCredentials(db, parsed.data, request).catch(() => null);
          if (!user || user.mfaEnabled) return null;
          return { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}` };
        },
      }),
    ],
    callbacks: {
      // next-auth's default redirect throws on a callbackUrl that is not a URL (or not a string at
      // all), and a control character breaks the Location header: each is a 500 for a hostile body.
      async redirect({ url, baseUrl }) {
        return safeRedirect(url, baseUrl);
      },
      async jwt({ token, user }) {
        if (user) {
          const session = await createSession(db, user.id, new Request('http://localhost/'));
          return { sub: user.id, sid: session.id };
        }
        return token;
      },
      async session({ session, token }) {
        const row = typeof token.sid === 'string' ? await db.session.findUnique({ where: { id: token.sid }, include: { user: true } }) : null;
        if (!row || row.revokedAt || row.expiresAt <= new Date() || row.userId !== token.sub) return { ...session, user: undefined };
        return { ...session, user: { ...toPublicUser(row.user), name: `${row.user.firstName} ${row.user.lastName}` } };
      },
    },
  };
}

/**
 * next-auth 4 takes its origin (redirects, callback URLs, Secure cookie names) from NEXTAUTH_URL, or
 * from X-Forwarded-Host/-Proto when AUTH_TRUST_HOST is set, else it assumes http://localhost:3000.
 * middleware.ts rewrites those two headers on every /api request to the origin the browser used
 * (lib/http/public-origin.ts), so with NEXTAUTH_URL unset every preview host is its own origin.
 */
function trustRequestOriginUnlessConfigured() {
  if (!process.env.NEXTAUTH_URL?.trim() && !process.env.AUTH_TRUST_HOST) process.env.AUTH_TRUST_HOST = 'true';
}

const controlCharacter = /[\u0000-\u001f\u007f]/;

/** Where next-auth may send the browser: a path or a URL of this site, else the site's root. */
export function safeRedirect(url: unknown, baseUrl: string): string {
  if (typeof url !== 'string' || controlCharacter.test(url)) return baseUrl;
  if (url.startsWith('/')) return `${baseUrl}${url}`;
  try {
    return new URL(url).origin === baseUrl ? url : baseUrl;
  } catch {
    return baseUrl;
  }
}

/** next-auth's own check (lib/assert): a path, or an absolute http(s) URL. */
function isHttpUrl(value: string): boolean {
  try {
    return !controlCharacter.test(value) && /^https?:$/.test(new URL(value, value.startsWith('/') ? 'http://localhost' : undefined).protocol);
  } catch {
    return false;
  }
}

const callbackUrlCookies = ['next-auth.callback-url', '__Secure-next-auth.callback-url'];

/**
 * A request next-auth would answer with a 500 (its 'server configuration' error, or a TypeError): a
 * control character in the query (copied into a Location header), or a callbackUrl in the query or
 * its cookie that is not an http(s) URL. The 400 clears such a cookie, so the browser recovers.
 */
export function nextAuthRequestProblem(request: Request): AppError | null {
  const query = new URL(request.url).searchParams;
  for (const [key, value] of query) {
    if (controlCharacter.test(key + value)) return new AppError('validation_failed', 'The query string must not contain control characters.');
  }
  const callbackUrl = query.get('callbackUrl');
  if (callbackUrl && !isHttpUrl(callbackUrl)) return new AppError('validation_failed', 'callbackUrl must be a path or an http(s) URL.');
  const header = request.headers.get('cookie');
  for (const name of callbackUrlCookies) {
    const value = readCookie(header, name);
    if (value && !isHttpUrl(value)) {
      const secure = name.startsWith('__Secure-') ? '; Secure' : '';
      return new AppError('validation_failed', 'The saved callback URL is not valid. Please try again.', undefined, { 'Set-Cookie': `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}` });
    }
  }
  return null;
}
