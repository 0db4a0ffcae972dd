import crypto from 'node:crypto';
import { encrypt } from '../crypto';
import {
  assessRisk,
  backupCodeCount,
  checkTotp,
  formatManualKey,
  matchPendingSecret,
  normalizeBackupCode,
  pendingSetupTtlMs,
  replaceBackupCodes,
  totpPeriodSeconds,
  type RiskInputs,
} from './mfa';

// RFC 6238 appendix B, SHA-1: the seed "12345678901234567890" in base32, and the last six digits
// of each eight-digit reference value.
const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const rfcVectors: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];

/** An independent RFC 4226 HOTP (SHA-1, 6 digits), to make codes for neighbouring steps. */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = crypto.createHmac('sha1', key).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}
const rfcKey = Buffer.from('12345678901234567890', 'ascii');
const codeAtStep = (step: number) => hotp(rfcKey, step);
const stepOf = (epochSeconds: number) => Math.floor(epochSeconds / totpPeriodSeconds);

/** Accepted or not; a malformed code may be refused by throwing, which also counts as refused. */
const accepted = (code: string, epochSeconds: number, lastStep: number | null = null) =>
  checkTotp(rfcSecret, code, lastStep, epochSeconds).then(
    (result) => result.valid,
    () => false,
  );

describe('checkTotp', () => {
  it('uses 30-second steps', () => {
    expect(totpPeriodSeconds).toBe(30);
  });

  it('the reference HOTP in this test matches RFC 6238', () => {
    for (const [time, code] of rfcVectors) expect(codeAtStep(stepOf(time))).toBe(code);
  });

  it.each(rfcVectors)('accepts the RFC 6238 code at T=%i (%s) and reports its step', async (time, code) => {
    await expect(checkTotp(rfcSecret, code, null, time)).resolves.toEqual({ valid: true, timeStep: stepOf(time) });
  });

  it.each(rfcVectors)('refuses a wrong code at T=%i', async (time, code) => {
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await expect(checkTotp(rfcSecret, wrong, null, time)).resolves.toEqual({ valid: false });
  });

  it('refuses the code under another secret', async () => {
    await expect(checkTotp('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', '287082', null, 59)).resolves.toEqual({ valid: false });
  });

  // 1111111110 is the first second of step 37037037; check the window from every part of a step.
  describe.each([0, 1, 15, 29])('at %i s into a step', (offset) => {
    const now = 1111111110 + offset;
    const step = stepOf(now);

    it.each([-1, 0, 1])('accepts the code of step %+i and reports that step', async (drift) => {
      await expect(checkTotp(rfcSecret, codeAtStep(step + drift), null, now)).resolves.toEqual({ valid: true, timeStep: step + drift });
    });

    it.each([-3, -2, 2, 3])('refuses the code of step %+i', async (drift) => {
      await expect(checkTotp(rfcSecret, codeAtStep(step + drift), null, now)).resolves.toEqual({ valid: false });
    });
  });

  describe('replay protection (lastStep)', () => {
    const now = 1234567890;
    const step = stepOf(now);

    it('refuses a code whose step was already used', async () => {
      await expect(accepted(codeAtStep(step), now, step)).resolves.toBe(false);
    });

    it('refuses an earlier step after a later one was used', async () => {
      await expect(accepted(codeAtStep(step - 1), now, step)).resolves.toBe(false);
      await expect(accepted(codeAtStep(step), now, step + 1)).resolves.toBe(false);
    });

    it('accepts a later step than the one used', async () => {
      await expect(checkTotp(rfcSecret, codeAtStep(step), step - 1, now)).resolves.toEqual({ valid: true, timeStep: step });
      await expect(checkTotp(rfcSecret, codeAtStep(step + 1), step, now)).resolves.toEqual({ valid: true, timeStep: step + 1 });
    });
  });

  it.each(['', '28708', '2870820', '28708a', 'abcdef', ' 287082'])('never accepts the malformed code %j', async (code) => {
    await expect(accepted(code, 59)).resolves.toBe(false);
  });

  it('checks against the current time by default', async () => {
    const step = stepOf(Date.now() / 1000);
    await expect(checkTotp(rfcSecret, codeAtStep(step), null)).resolves.toMatchObject({ valid: true });
    await expect(checkTotp(rfcSecret, codeAtStep(step - 5), null)).resolves.toEqual({ valid: false });
  });
});

describe('formatManualKey', () => {
  it('groups the secret in fours', () => {
    expect(formatManualKey(rfcSecret)).toBe('GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ');
    expect(formatManualKey('ABCDEF')).toBe('ABCD EF');
    expect(formatManualKey('ABC')).toBe('ABC');
    expect(formatManualKey('')).toBe('');
  });
});

describe('matchPendingSecret', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    delete process.env.MFA_ENCRYPTION_KEY;
    process.env.NEXTAUTH_SECRET = 'mfa-test-secret-0123456789abcdefghijklmnop';
  });
  afterEach(() => (process.env = { ...saved }));

  const pending = (ageMs: number) => ({ mfaPendingSecret: encrypt(rfcSecret), mfaPendingAt: new Date(Date.now() - ageMs) });

  it('answers the pending secret for the secret setup handed out, typed with spaces or in lower case', () => {
    expect(matchPendingSecret(pending(0), rfcSecret)).toBe(rfcSecret);
    expect(matchPendingSecret(pending(0), formatManualKey(rfcSecret))).toBe(rfcSecret);
    expect(matchPendingSecret(pending(0), rfcSecret.toLowerCase())).toBe(rfcSecret);
  });

  it('refuses another secret', () => {
    expect(matchPendingSecret(pending(0), 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeNull();
    expect(matchPendingSecret(pending(0), rfcSecret.slice(0, -1))).toBeNull();
  });

  it('expires after 15 minutes', () => {
    expect(pendingSetupTtlMs).toBe(15 * 60 * 1000);
    expect(matchPendingSecret(pending(pendingSetupTtlMs - 5_000), rfcSecret)).toBe(rfcSecret);
    expect(matchPendingSecret(pending(pendingSetupTtlMs + 5_000), rfcSecret)).toBeNull();
  });

  it('answers null when no setup is pending', () => {
    expect(matchPendingSecret({ mfaPendingSecret: null, mfaPendingAt: null }, rfcSecret)).toBeNull();
    expect(matchPendingSecret({ mfaPendingSecret: encrypt(rfcSecret), mfaPendingAt: null }, rfcSecret)).toBeNull();
    expect(matchPendingSecret({ mfaPendingSecret: null, mfaPendingAt: new Date() }, rfcSecret)).toBeNull();
  });
});

describe('backup codes', () => {
  type Client = Parameters<typeof replaceBackupCodes>[0];
  /** A stand-in for the database's backupCode table that records what it is asked to do. */
  function recorder() {
    const calls: { op: string; args: unknown }[] = [];
    const client = {
      backupCode: {
        deleteMany: async (args: unknown) => (calls.push({ op: 'deleteMany', args }), { count: 0 }),
        createMany: async (args: unknown) => (calls.push({ op: 'createMany', args }), { count: backupCodeCount }),
      },
    } as unknown as Client;
    return { client, calls };
  }
  const stored = (calls: { op: string; args: unknown }[]) => (calls.find((call) => call.op === 'createMany')?.args as { data: { userId: string; codeHash: string }[] }).data;
  const expectedHash = (code: string) => crypto.createHash('sha256').update(`backup:${code.replace('-', '')}`).digest('hex');

  it('makes ten codes like ABCD-EFGH from an alphabet without 0, 1, I or O', async () => {
    const { client } = recorder();
    const codes = await replaceBackupCodes(client, 'user-1');
    expect(backupCodeCount).toBe(10);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(new Set(codes).size).toBe(10);
  });

  it('draws on the whole alphabet and nothing else', async () => {
    const seen = new Set<string>();
    for (let round = 0; round < 40; round += 1) {
      for (const code of await replaceBackupCodes(recorder().client, 'user-1')) for (const char of code.replace('-', '')) seen.add(char);
    }
    expect([...seen].sort().join('')).toBe('23456789ABCDEFGHJKLMNPQRSTUVWXYZ');
  });

  it('makes new codes each time', async () => {
    const first = await replaceBackupCodes(recorder().client, 'user-1');
    const second = await replaceBackupCodes(recorder().client, 'user-1');
    expect(first.filter((code) => second.includes(code))).toEqual([]);
  });

  it("deletes the user's old codes, then stores only SHA-256 hashes of the new ones", async () => {
    const { client, calls } = recorder();
    const codes = await replaceBackupCodes(client, 'user-42');
    expect(calls.map((call) => call.op)).toEqual(['deleteMany', 'createMany']);
    expect(calls[0]!.args).toEqual({ where: { userId: 'user-42' } });
    const rows = stored(calls);
    expect(rows).toEqual(codes.map((code) => ({ userId: 'user-42', codeHash: expectedHash(code) })));
    for (const row of rows) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      for (const code of codes) expect(row.codeHash).not.toContain(code.replace('-', ''));
    }
  });

  it('normalises a typed code to the form that is hashed: uppercase, letters and digits only', () => {
    expect(normalizeBackupCode('ABCD-EFGH')).toBe('ABCDEFGH');
    expect(normalizeBackupCode(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(normalizeBackupCode('abcd efgh')).toBe('ABCDEFGH');
    expect(normalizeBackupCode('ab-cd_ef.gh\n')).toBe('ABCDEFGH');
    expect(normalizeBackupCode('')).toBe('');
  });

  it('so every way of typing a generated code normalises to the same value', async () => {
    const [code = ''] = await replaceBackupCodes(recorder().client, 'user-1');
    const plain = code.replace('-', '');
    for (const typed of [code, code.toLowerCase(), plain, plain.toLowerCase(), ` ${code.slice(0, 4)} ${code.slice(5)} `]) {
      expect(normalizeBackupCode(typed)).toBe(plain);
    }
  });
});

describe('assessRisk', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const base: RiskInputs = { mfaEnabled: true, backupCodesRemaining: 10, subscriptionStatus: 'active', role: 'user', passwordChangedAt: daysAgo(30) };
  const risk = (changes: Partial<RiskInputs>) => assessRisk({ ...base, ...changes }, now);

  const withoutMfaBenefits = [
    'Blocks sign-ins with a stolen or reused password',
    'Protects your watchlists, reports and billing details',
    'Codes from any authenticator app, even offline',
    'Backup codes keep you in if you lose your phone',
  ];

  it('rates a paying account without 2FA high', () => {
    expect(risk({ mfaEnabled: false, subscriptionStatus: 'active' })).toEqual({
      riskLevel: 'high',
      recommendations: {
        message: 'Your account holds a paid subscription and is protected by a password alone. Enable two-factor authentication now.',
        benefits: withoutMfaBenefits,
      },
    });
  });

  it('rates an admin without 2FA high', () => {
    expect(risk({ mfaEnabled: false, role: 'admin', subscriptionStatus: 'active' }).riskLevel).toBe('high');
    expect(risk({ mfaEnabled: false, role: 'admin', subscriptionStatus: 'inactive' }).riskLevel).toBe('high');
  });

  it('does not tell an admin without a subscription that the account is paid', () => {
    expect(risk({ mfaEnabled: false, role: 'admin', subscriptionStatus: 'inactive' }).recommendations.message).not.toMatch(/paid subscription/);
  });

  it.each(['inactive', 'trial', 'expired'])('rates a %s account without 2FA medium', (subscriptionStatus) => {
    expect(risk({ mfaEnabled: false, subscriptionStatus })).toEqual({
      riskLevel: 'medium',
      recommendations: {
        message: 'Your account is protected by a password alone. Enable two-factor authentication to secure your intelligence data.',
        benefits: withoutMfaBenefits,
      },
    });
  });

  it('asks for 2FA before anything else', () => {
    expect(risk({ mfaEnabled: false, backupCodesRemaining: 0, passwordChangedAt: daysAgo(1000) }).recommendations.message).toMatch(/^Your account holds a paid subscription/);
  });

  it('rates 2FA with fewer than three backup codes medium, counting them', () => {
    const benefits = ['Recover access if your authenticator is lost', 'Old codes stop working when you regenerate'];
    expect(risk({ backupCodesRemaining: 0 })).toEqual({
      riskLevel: 'medium',
      recommendations: { message: 'Only 0 backup codes left. Generate new backup codes so you cannot be locked out.', benefits },
    });
    expect(risk({ backupCodesRemaining: 1 }).recommendations.message).toBe('Only 1 backup code left. Generate new backup codes so you cannot be locked out.');
    expect(risk({ backupCodesRemaining: 2 }).recommendations.message).toBe('Only 2 backup codes left. Generate new backup codes so you cannot be locked out.');
    expect(risk({ backupCodesRemaining: 2, passwordChangedAt: daysAgo(1000) }).recommendations.message).toMatch(/^Only 2 backup codes left/);
  });

  it('rates 2FA with a password over a year old medium', () => {
    expect(risk({ passwordChangedAt: daysAgo(366) })).toEqual({
      riskLevel: 'medium',
      recommendations: {
        message: 'Your password is more than a year old. Consider changing it.',
        benefits: ['Limits the damage of an old leak', 'Two-factor authentication stays on'],
      },
    });
    expect(risk({ passwordChangedAt: daysAgo(365) }).riskLevel).toBe('low');
  });

  it('rates 2FA with three or more backup codes and a recent password low', () => {
    expect(risk({ backupCodesRemaining: 3 })).toEqual({
      riskLevel: 'low',
      recommendations: {
        message: 'Your account is well protected. Keep your backup codes somewhere safe.',
        benefits: ['Two-factor authentication is on', '3 backup codes available'],
      },
    });
    expect(risk({ backupCodesRemaining: 10, subscriptionStatus: 'inactive', role: 'admin' }).recommendations.benefits[1]).toBe('10 backup codes available');
  });
});
