import { betaCodes, betaGateEnabled, demoBetaCodes, issueBetaToken, isValidBetaCode, verifyBetaToken } from './beta';

const saved = { ...process.env };
beforeEach(() => {
  delete process.env.BETA_CODES;
  delete process.env.BETA_GATE;
  process.env.NEXTAUTH_SECRET = 'beta-test-secret-0123456789abcdefghijklmnop';
});
afterEach(() => (process.env = { ...saved }));

const day = 24 * 60 * 60;
const issuedAt = Date.UTC(2026, 2, 1, 12, 0, 0, 250);

describe('betaCodes', () => {
  it('falls back to the five demo codes when BETA_CODES is unset or blank', () => {
    expect(demoBetaCodes).toHaveLength(5);
    expect(betaCodes()).toEqual(['TREASURY2026', 'SATOSHI21', 'EARLYACCESS', 'HODLBETA', 'BTCINTEL']);
    process.env.BETA_CODES = '';
    expect(betaCodes()).toEqual([...demoBetaCodes]);
    process.env.BETA_CODES = '  \t ';
    expect(betaCodes()).toEqual([...demoBetaCodes]);
  });

  it('reads BETA_CODES as a comma-separated list, trimmed and uppercased, skipping empty entries', () => {
    process.env.BETA_CODES = ' alpha, Beta ,,gamma-1 ,';
    expect(betaCodes()).toEqual(['ALPHA', 'BETA', 'GAMMA-1']);
  });

  it('replaces the demo codes rather than adding to them', () => {
    process.env.BETA_CODES = 'ONLYCODE';
    expect(betaCodes()).toEqual(['ONLYCODE']);
  });
});

describe('isValidBetaCode', () => {
  it.each(['TREASURY2026', 'treasury2026', 'Satoshi21', '  earlyaccess  ', 'hOdLbEtA', 'btcintel'])('accepts the demo code %j in any case', (code) => {
    expect(isValidBetaCode(code)).toBe(true);
  });

  it.each(['', ' ', 'TREASURY2025', 'TREASURY 2026', 'SATOSHI', 'SATOSHI211', 'TREASURY2026,SATOSHI21'])('refuses %j', (code) => {
    expect(isValidBetaCode(code)).toBe(false);
  });

  it('honours BETA_CODES case-insensitively and stops accepting the demo codes', () => {
    process.env.BETA_CODES = 'Fund-Alpha,desk7';
    expect(isValidBetaCode('fund-alpha')).toBe(true);
    expect(isValidBetaCode('DESK7')).toBe(true);
    expect(isValidBetaCode('TREASURY2026')).toBe(false);
  });
});

describe('betaGateEnabled', () => {
  it('is on unless BETA_GATE says off, false or 0', () => {
    expect(betaGateEnabled()).toBe(true);
    for (const value of ['off', 'OFF', ' false ', 'False', '0']) {
      process.env.BETA_GATE = value;
      expect(betaGateEnabled()).toBe(false);
    }
    for (const value of ['on', 'true', '1', 'yes', '']) {
      process.env.BETA_GATE = value;
      expect(betaGateEnabled()).toBe(true);
    }
  });
});

describe('beta tokens', () => {
  it('is `<16 hex fingerprint>.<issued at, seconds>.<base64url signature>`', () => {
    const token = issueBetaToken('TREASURY2026', issuedAt);
    const [print, issued, signature, extra] = token.split('.');
    expect(print).toMatch(/^[0-9a-f]{16}$/);
    expect(issued).toBe(String(Math.floor(issuedAt / 1000)));
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(extra).toBeUndefined();
  });

  it('does not carry the code itself', () => {
    expect(issueBetaToken('TREASURY2026', issuedAt).toUpperCase()).not.toContain('TREASURY2026');
  });

  it('is the same token whatever the case of the code', () => {
    expect(issueBetaToken('treasury2026', issuedAt)).toBe(issueBetaToken('TREASURY2026', issuedAt));
    expect(issueBetaToken('SATOSHI21', issuedAt)).not.toBe(issueBetaToken('TREASURY2026', issuedAt));
  });

  it('verifies a fresh token', () => {
    const token = issueBetaToken('hodlbeta', issuedAt);
    expect(verifyBetaToken(token, 30 * day, issuedAt)).toBe(true);
    expect(verifyBetaToken(token, 30 * day, issuedAt + 29 * day * 1000)).toBe(true);
  });

  it('expires after maxAgeSeconds', () => {
    const token = issueBetaToken('HODLBETA', issuedAt);
    const issuedSeconds = Math.floor(issuedAt / 1000);
    expect(verifyBetaToken(token, day, (issuedSeconds + day) * 1000)).toBe(true);
    expect(verifyBetaToken(token, day, (issuedSeconds + day) * 1000 + 1)).toBe(false);
    expect(verifyBetaToken(token, day, issuedAt + 2 * day * 1000)).toBe(false);
  });

  it('tolerates a clock a minute behind, no more', () => {
    const token = issueBetaToken('HODLBETA', issuedAt);
    const issuedSeconds = Math.floor(issuedAt / 1000);
    expect(verifyBetaToken(token, day, (issuedSeconds - 60) * 1000)).toBe(true);
    expect(verifyBetaToken(token, day, (issuedSeconds - 61) * 1000)).toBe(false);
  });

  it('refuses a missing or malformed token', () => {
    for (const token of [undefined, '', 'abc', 'a.b', '..', 'a..c', '.1.sig']) {
      expect(verifyBetaToken(token, day, issuedAt)).toBe(false);
    }
  });

  it('refuses a token whose fingerprint, time or signature was changed', () => {
    const token = issueBetaToken('BTCINTEL', issuedAt);
    const [print = '', issued = '', signature = ''] = token.split('.');
    const flip = (value: string, index: number) => value.slice(0, index) + (value[index] === 'A' ? 'B' : 'A') + value.slice(index + 1);
    const otherPrint = issueBetaToken('SATOSHI21', issuedAt).split('.')[0];

    expect(verifyBetaToken([otherPrint, issued, signature].join('.'), day, issuedAt)).toBe(false);
    expect(verifyBetaToken([print, String(Number(issued) + 3600), signature].join('.'), day, issuedAt + 3600_000)).toBe(false);
    expect(verifyBetaToken([print, issued, flip(signature, 0)].join('.'), day, issuedAt)).toBe(false);
    expect(verifyBetaToken([print, issued, signature.slice(0, -1)].join('.'), day, issuedAt)).toBe(false);
    expect(verifyBetaToken([print, issued, ''].join('.'), day, issuedAt)).toBe(false);
  });

  it('refuses a token signed with another secret', () => {
    const token = issueBetaToken('BTCINTEL', issuedAt);
    process.env.NEXTAUTH_SECRET = 'a-different-secret-0123456789abcdefghijklmn';
    expect(verifyBetaToken(token, day, issuedAt)).toBe(false);
  });

  it('closes the gate again when the code is removed from BETA_CODES, and reopens it when restored', () => {
    process.env.BETA_CODES = 'DESK7,FUND-ALPHA';
    const token = issueBetaToken('desk7', issuedAt);
    expect(verifyBetaToken(token, day, issuedAt)).toBe(true);
    process.env.BETA_CODES = 'FUND-ALPHA';
    expect(verifyBetaToken(token, day, issuedAt)).toBe(false);
    process.env.BETA_CODES = 'fund-alpha, desk7';
    expect(verifyBetaToken(token, day, issuedAt)).toBe(true);
  });

  it('still checks the age, the secret and the codes of a token it verified before', () => {
    const token = issueBetaToken('SATOSHI21', issuedAt + 7_000);
    const issuedSeconds = Math.floor((issuedAt + 7_000) / 1000);
    expect(verifyBetaToken(token, day, issuedAt + 7_000)).toBe(true);
    // Remembered now: the same answers as a first check.
    expect(verifyBetaToken(token, day, (issuedSeconds + day) * 1000)).toBe(true);
    expect(verifyBetaToken(token, day, (issuedSeconds + day) * 1000 + 1)).toBe(false);
    expect(verifyBetaToken(token, day, (issuedSeconds - 61) * 1000)).toBe(false);
    process.env.BETA_CODES = 'DESK7';
    expect(verifyBetaToken(token, day, issuedAt + 7_000)).toBe(false);
    delete process.env.BETA_CODES;
    expect(verifyBetaToken(token, day, issuedAt + 7_000)).toBe(true);
    process.env.NEXTAUTH_SECRET = 'a-rotated-secret-0123456789abcdefghijklmnopq';
    expect(verifyBetaToken(token, day, issuedAt + 7_000)).toBe(false);
  });

  it('refuses a correctly signed token for a code that is not (or no longer) valid', () => {
    expect(verifyBetaToken(issueBetaToken('NOT-A-CODE', issuedAt), day, issuedAt)).toBe(false);
  });
});
