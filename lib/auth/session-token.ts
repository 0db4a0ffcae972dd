import { hkdfSync } from 'node:crypto';
import { jwtDecrypt } from 'jose';
import { encode } from 'next-auth/jwt';
import { setBounded } from '../bounded-map';
import { sessionCookieNames, sessionMaxAgeSeconds } from '../http/cookies';
import { authSecret } from '../secret';

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

// Decrypting the token (a key derivation and AES-GCM) is most of what a cookie check costs, and a
// dashboard sends the same cookie with every poll: valid tokens are remembered until they expire.
const decodedTokens = new Map<string, { secret: string; claims: SessionClaims; expiresAtMs: number }>();
const maxDecodedTokens = 10_000;

/**
 * The key of next-auth's session JWE, derived as next-auth/jwt derives it (HKDF-SHA256 of the secret,
 * empty salt) but once per secret: its decode() derives it again for every token, which made the key
 * derivation the largest cost of admitting a crowd of reconnecting sockets.
 */
let derived: { secret: string; key: Uint8Array } | undefined;

function encryptionKey(secret: string): Uint8Array {
  if (derived?.secret !== secret) derived = { secret, key: new Uint8Array(hkdfSync('sha256', secret, '', 'NextAuth.js Generated Encryption Key', 32)) };
  return derived.key;
}

/** The claims of a well-formed, unexpired token; does not consult the database. */
export async function decodeSessionToken(token: string | undefined): Promise<SessionClaims | null> {
  if (!token) return null;
  const secret = authSecret();
  const known = decodedTokens.get(token);
  if (known && known.secret === secret && known.expiresAtMs > Date.now()) return { ...known.claims };
  if (known) decodedTokens.delete(token);
  try {
    const { payload: decoded } = await jwtDecrypt(token, encryptionKey(secret), { clockTolerance: 15 });
    if (!decoded || typeof decoded.sub !== 'string' || typeof decoded.sid !== 'string') return null;
    const claims = { sub: decoded.sub, sid: decoded.sid };
    if (typeof decoded.exp === 'number') {
      setBounded(decodedTokens, token, { secret, claims, expiresAtMs: decoded.exp * 1000 }, maxDecodedTokens);
    }
    return { ...claims };
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

