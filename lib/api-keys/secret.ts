import crypto from 'node:crypto';

// A key is `ti_` + 43 base64url characters (32 random bytes, 256 bits). Only its SHA-256 is stored:
// with that much entropy a fast hash is as safe as a slow one, and a lookup by hash stays one index read.

const keyScheme = 'ti_';
const secretBytes = 32;
/** The characters shown to the owner to tell keys apart: the scheme and the first 8 random ones. */
const visiblePrefixLength = keyScheme.length + 8;

export function generateSecret(): string {
  return `${keyScheme}${crypto.randomBytes(secretBytes).toString('base64url')}`;
}

export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function visiblePrefix(secret: string): string {
  return secret.slice(0, visiblePrefixLength);
}

/** Whether a bearer token has the shape of a key; anything else is refused without touching the database. */
export function looksLikeKey(token: string): boolean {
  return token.length === keyScheme.length + 43 && token.startsWith(keyScheme) && /^[A-Za-z0-9_-]+$/.test(token.slice(keyScheme.length));
}
