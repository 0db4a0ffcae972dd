import nodeCrypto from 'node:crypto';
import { decrypt, encrypt, hmac, randomToken, safeEqual, sha256 } from './crypto';

const saved = { ...process.env };
beforeEach(() => {
  delete process.env.MFA_ENCRYPTION_KEY;
  process.env.NEXTAUTH_SECRET = 'crypto-test-secret-0123456789abcdefghijklmn';
});
afterEach(() => (process.env = { ...saved }));

const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/** Changes one byte of a base64url part, keeping its length. */
function corrupt(part: string, byteIndex = 0): string {
  const bytes = Buffer.from(part, 'base64url');
  bytes[byteIndex] = (bytes[byteIndex] ?? 0) ^ 0x01;
  return bytes.toString('base64url');
}

function parts(sealed: string) {
  const [version = '', iv = '', tag = '', ciphertext = ''] = sealed.split('.');
  return { version, iv, tag, ciphertext };
}

describe('encrypt / decrypt (AES-256-GCM)', () => {
  it.each([secret, '', 'ünïcødé ✓ 🔐', 'x'.repeat(10_000)])('round-trips %#', (plaintext) => {
    expect(decrypt(encrypt(plaintext))).toBe(plaintext);
  });

  it('seals as v1.<12-byte iv>.<16-byte tag>.<ciphertext>', () => {
    const sealed = encrypt(secret);
    const { version, iv, tag, ciphertext } = parts(sealed);
    expect(sealed.split('.')).toHaveLength(4);
    expect(version).toBe('v1');
    expect(Buffer.from(iv, 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag, 'base64url')).toHaveLength(16);
    expect(Buffer.from(ciphertext, 'base64url')).toHaveLength(Buffer.byteLength(secret));
    expect(sealed).not.toContain(secret);
  });

  it('uses a fresh IV each time, so equal plaintexts seal differently', () => {
    const first = encrypt(secret);
    const second = encrypt(secret);
    expect(first).not.toBe(second);
    expect(parts(first).iv).not.toBe(parts(second).iv);
    expect(decrypt(first)).toBe(decrypt(second));
  });

  it('detects a changed ciphertext, tag or IV', () => {
    const { version, iv, tag, ciphertext } = parts(encrypt(secret));
    expect(() => decrypt([version, iv, tag, corrupt(ciphertext, 5)].join('.'))).toThrow();
    expect(() => decrypt([version, iv, corrupt(tag, 15)].join('.') + `.${ciphertext}`)).toThrow();
    expect(() => decrypt([version, corrupt(iv), tag, ciphertext].join('.'))).toThrow();
    expect(() => decrypt([version, iv, tag, ciphertext.slice(0, -2)].join('.'))).toThrow();
    expect(() => decrypt([version, iv, tag, ''].join('.'))).toThrow();
  });

  // Node accepts GCM tags of 4 to 16 bytes unless the length is pinned; a 4-byte tag would make forgery ~2^32 guesses.
  it('refuses a truncated authentication tag', () => {
    const { version, iv, tag, ciphertext } = parts(encrypt(secret));
    const short = Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => decrypt([version, iv, short, ciphertext].join('.'))).toThrow();
  });

  it('refuses an unknown format', () => {
    const { iv, tag, ciphertext } = parts(encrypt(secret));
    for (const sealed of [`v2.${iv}.${tag}.${ciphertext}`, `v1.${iv}.${tag}`, `v1..${tag}.${ciphertext}`, `v1.${iv}..${ciphertext}`, secret, '']) {
      expect(() => decrypt(sealed)).toThrow('Unrecognised ciphertext');
    }
  });

  it('cannot be opened with another key', () => {
    process.env.MFA_ENCRYPTION_KEY = 'first-key-first-key-first-key-0001';
    const sealed = encrypt(secret);
    expect(decrypt(sealed)).toBe(secret);
    process.env.MFA_ENCRYPTION_KEY = 'other-key-other-key-other-key-0002';
    expect(() => decrypt(sealed)).toThrow();
    delete process.env.MFA_ENCRYPTION_KEY;
    expect(() => decrypt(sealed)).toThrow();
  });

  it('keys MFA secrets from NEXTAUTH_SECRET when MFA_ENCRYPTION_KEY is unset or blank', () => {
    const sealed = encrypt(secret);
    process.env.MFA_ENCRYPTION_KEY = '   ';
    expect(decrypt(sealed)).toBe(secret);
    process.env.NEXTAUTH_SECRET = 'another-secret-0123456789abcdefghijklmnopq';
    expect(() => decrypt(sealed)).toThrow();
  });

  it('keeps MFA secrets readable across a NEXTAUTH_SECRET rotation when MFA_ENCRYPTION_KEY is set', () => {
    process.env.MFA_ENCRYPTION_KEY = 'dedicated-mfa-key-0123456789abcdef';
    const sealed = encrypt(secret);
    process.env.NEXTAUTH_SECRET = 'rotated-secret-0123456789abcdefghijklmnopq';
    expect(decrypt(sealed)).toBe(secret);
  });

  it('separates purposes: a value sealed for one cannot be opened as another', () => {
    const sealed = encrypt(secret, 'pending-sign-in');
    expect(decrypt(sealed, 'pending-sign-in')).toBe(secret);
    expect(() => decrypt(sealed)).toThrow();
    expect(() => decrypt(encrypt(secret), 'pending-sign-in')).toThrow();
  });

  it('uses MFA_ENCRYPTION_KEY for the mfa-secret purpose only', () => {
    const sealed = encrypt(secret, 'other-purpose');
    process.env.MFA_ENCRYPTION_KEY = 'dedicated-mfa-key-0123456789abcdef';
    expect(decrypt(sealed, 'other-purpose')).toBe(secret);
  });
});

describe('sha256', () => {
  it('matches the FIPS 180-2 test vectors', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

describe('hmac', () => {
  it('is a deterministic base64url SHA-256 MAC, distinct per purpose, value and secret', () => {
    const mac = hmac('beta-cookie', 'payload');
    expect(mac).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hmac('beta-cookie', 'payload')).toBe(mac);
    expect(hmac('session', 'payload')).not.toBe(mac);
    expect(hmac('beta-cookie', 'payload2')).not.toBe(mac);
    process.env.NEXTAUTH_SECRET = 'another-secret-0123456789abcdefghijklmnopq';
    expect(hmac('beta-cookie', 'payload')).not.toBe(mac);
  });

  it('derives its key with HKDF-SHA256 from the auth secret and the purpose', () => {
    const key = Buffer.from(nodeCrypto.hkdfSync('sha256', process.env.NEXTAUTH_SECRET!, 'treasury-intelligence', 'beta-cookie', 32));
    const expected = nodeCrypto.createHmac('sha256', key).update('payload').digest('base64url');
    expect(hmac('beta-cookie', 'payload')).toBe(expected);
  });
});

describe('safeEqual', () => {
  it('compares strings exactly, including different lengths', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('', '')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'ABC')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('abcd', 'abc')).toBe(false);
    expect(safeEqual('é', 'e\u0301')).toBe(false);
  });
});

describe('randomToken', () => {
  it('is base64url of the requested number of random bytes', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(randomToken(), 'base64url')).toHaveLength(32);
    expect(Buffer.from(randomToken(16), 'base64url')).toHaveLength(16);
    expect(new Set(Array.from({ length: 50 }, () => randomToken())).size).toBe(50);
  });
});
