import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { db } from '@/lib/db';
import { checkCredentials } from './accounts';
import { sessionMaxAgeSeconds } from './cookies';
import { loginSchema } from './schemas';
import { createSession } from './session';
import { authSecret } from './secret';
import { toPublicUser } from './viewer';

// next-auth's own endpoints (/api/auth/session, /csrf, /callback/credentials, /signout) over the
// same sessions as the spec's JSON endpoints: the token names a Session row, which can be revoked.
// A password alone never signs in an account with two-factor on; that goes through /login.

export function authOptions(): NextAuthOptions {
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
          const user = await checkCredentials(parsed.data, request).catch(() => null);
          if (!user || user.mfaEnabled) return null;
          return { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}` };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const session = await createSession(user.id, new Request('http://localhost/'));
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
