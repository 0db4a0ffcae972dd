import crypto from 'node:crypto';
import { commonPasswordMessage, hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './password';

// Each scrypt call costs 32 MiB and a noticeable fraction of a second.
jest.setTimeout(60_000);

describe('hashPassword / verifyPassword', () => {
  let stored: string;
  beforeAll(async () => {
    stored = await hashPassword('Correct horse battery staple!');
  });

  it('stores scrypt$N$r$p$salt$hash with N=2^15, r=8, p=3, a 16-byte salt and a 32-byte hash', () => {
    const [scheme, n, r, p, salt = '', hash = '', extra] = stored.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '32768', '8', '3']);
    expect(Buffer.from(salt, 'base64url')).toHaveLength(16);
    expect(Buffer.from(hash, 'base64url')).toHaveLength(32);
    expect(extra).toBeUndefined();
    expect(stored).not.toContain('Correct horse');
  });

  it('verifies the right password', async () => {
    await expect(verifyPassword('Correct horse battery staple!', stored)).resolves.toBe(true);
  });

  it('refuses a wrong password, including near misses', async () => {
    for (const attempt of ['correct horse battery staple!', 'Correct horse battery staple', 'Correct horse battery staple! ', '']) {
      await expect(verifyPassword(attempt, stored)).resolves.toBe(false);
    }
  });

  it('salts every hash', async () => {
    const again = await hashPassword('Correct horse battery staple!');
    expect(again).not.toBe(stored);
    await expect(verifyPassword('Correct horse battery staple!', again)).resolves.toBe(true);
  });

  it('compares passwords in Unicode NFKC form', async () => {
    const composed = await hashPassword('caf\u00e9-\ufb01le');
    await expect(verifyPassword('cafe\u0301-file', composed)).resolves.toBe(true);
    await expect(verifyPassword('cafe-file', composed)).resolves.toBe(false);
  });

  it('verifies hashes made at another cost, read from the stored parameters', async () => {
    const salt = crypto.randomBytes(16);
    const hash = crypto.scryptSync('legacy-password', salt, 32, { N: 1024, r: 8, p: 1 });
    const legacy = ['scrypt', 1024, 8, 1, salt.toString('base64url'), hash.toString('base64url')].join('$');
    await expect(verifyPassword('legacy-password', legacy)).resolves.toBe(true);
    await expect(verifyPassword('legacy-passwore', legacy)).resolves.toBe(false);
  });

  it('refuses stored values in another or a broken format', async () => {
    const [, n, r, p, salt, hash] = stored.split('$');
    for (const value of ['', 'plain-text', `bcrypt$${n}$${r}$${p}$${salt}$${hash}`, `scrypt$${n}$${r}$${p}$${salt}`, `scrypt$${n}$${r}$${p}$$${hash}`, `scrypt$$${r}$${p}$${salt}$${hash}`]) {
      await expect(verifyPassword('Correct horse battery staple!', value)).resolves.toBe(false);
    }
  });

  it('refuses a stored hash whose bytes were changed', async () => {
    const fields = stored.split('$');
    const hash = Buffer.from(fields[5]!, 'base64url');
    hash[0] = hash[0]! ^ 0x80;
    fields[5] = hash.toString('base64url');
    await expect(verifyPassword('Correct horse battery staple!', fields.join('$'))).resolves.toBe(false);
  });
});

describe('verifyAgainstDummy', () => {
  it('always answers false', async () => {
    await expect(verifyAgainstDummy('anything')).resolves.toBe(false);
    await expect(verifyAgainstDummy('')).resolves.toBe(false);
  });
});

describe('isCommonPassword', () => {
  it.each(['123456', '12345678', 'password', 'password123', 'qwerty123', 'iloveyou', 'letmein', 'trustno1', 'bitcoin123', 'satoshi', 'tothemoon', 'hodl1234', 'minecraft'])(
    'blocks the breach-list password %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it('matches the list case-insensitively', () => {
    expect(isCommonPassword('PASSWORD')).toBe(true);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('BitCoin123')).toBe(true);
    expect(isCommonPassword('QwErTyUiOp')).toBe(true);
  });

  it('blocks one character repeated', () => {
    expect(isCommonPassword('aaaaaaaa')).toBe(true);
    expect(isCommonPassword('ZZZZZZZZZZZZ')).toBe(true);
    expect(isCommonPassword('!!!!!!!!')).toBe(true);
    expect(isCommonPassword('aaaaaaab')).toBe(false);
  });

  it('blocks runs of the digit sequence', () => {
    expect(isCommonPassword('0123456789')).toBe(true);
    expect(isCommonPassword('01234567890123456789')).toBe(true);
    expect(isCommonPassword('12345678901234567890')).toBe(true);
    expect(isCommonPassword('98765432109876543210')).toBe(true);
  });

  it.each(['Correct horse battery staple!', 'Tr3asury!Intel#2026', 'password1234!', 'xk9-Lq2-vm7', 'satoshi-nakamoto-21'])('allows %j', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });

  it('exports the message shown for a blocked password', () => {
    expect(commonPasswordMessage).toBe('This password is too common. Please choose a less predictable password.');
  });
});
