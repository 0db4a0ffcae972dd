import crypto from 'node:crypto';
import { authSecret } from './secret';

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

export function hmac(purpose: string, value: string): string {
  return crypto.createHmac('sha256', deriveKey(purpose)).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

// The beta cookie is checked on every request: its key is derived once per secret, not per check.
const derivedKeys = new Map<string, Buffer>();

function deriveKey(purpose: string): Buffer {
  const keyMaterial = process.env.MFA_ENCRYPTION_KEY?.trim() && purpose === 'mfa-secret' ? process.env.MFA_ENCRYPTION_KEY.trim() : authSecret();
  const id = `${purpose}\u0000${keyMaterial}`;
  let key = derivedKeys.get(id);
  if (!key) {
    if (derivedKeys.size > 32) derivedKeys.clear();
    key = Buffer.from(crypto.hkdfSync('sha256', keyMaterial, 'treasury-intelligence', purpose, 32));
    derivedKeys.set(id, key);
  }
  return key;
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encrypt(plaintext: string, purpose = 'mfa-secret'): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', deriveKey(purpose), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

export function decrypt(sealed: string, purpose = 'mfa-secret'): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Unrecognised ciphertext');
  const decipher = crypto.createDecipheriv('aes-256-gcm', deriveKey(purpose), Buffer.from(iv, 'base64url'), { authTagLength: 16 });
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
