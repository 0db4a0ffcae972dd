import { decode, encode } from 'next-auth/jwt';
import { sessionCookieNames, sessionMaxAgeSeconds } from './cookies';
import { authSecret } from './secret';

// The session cookie's token: next-auth's JWT (JWE keyed by NEXTAUTH_SECRET) naming a Session row.
// No database here, so middleware can read it.

export type CookieReader = (name: string) => string | undefined;

interface SessionClaims {
  sub: string;
  sid: string;
}

export async function encodeSessionToken(claims: SessionClaims): Promise<string> {
  return encode({ token: { sub: claims.sub, sid: claims.sid }, secret: authSecret(), maxAge: sessionMaxAgeSeconds });
}

/** The claims of a well-formed, unexpired token; does not consult the database. */
export async function decodeSessionToken(token: string | undefined): Promise<SessionClaims | null> {
  if (!token) return null;
  try {
    const decoded = await decode({ token, secret: authSecret() });
    if (!decoded || typeof decoded.sub !== 'string' || typeof decoded.sid !== 'string') return null;
    return { sub: decoded.sub, sid: decoded.sid };
  } catch {
    return null;
  }
}

export function readSessionToken(read: CookieReader): string | undefined {
  for (const name of sessionCookieNames) {
    const value = read(name);
    if (value) return value;
  }
  return undefined;
}

