import { generate } from 'otplib';
import { db } from '@/lib/db';
import { resetDatabase } from '@/test/support/database';
import { call, CookieJar } from '@/test/support/http';
import { POST as verifyBeta } from '../beta/verify/route';
import { POST as requestBeta } from '../beta/request/route';
import { POST as resetBeta } from '../beta/reset/route';
import { GET as betaStatus } from '../beta/status/route';
import { POST as changePassword } from './change-password/route';
import { POST as login } from './login/route';
import { POST as logout } from './logout/route';
import { POST as disableMfa } from './mfa/disable/route';
import { POST as dismissPrompt } from './mfa/dismiss-prompt/route';
import { POST as regenerate } from './mfa/regenerate-backup-codes/route';
import { POST as setupMfa } from './mfa/setup/route';
import { GET as mfaStatus } from './mfa/status/route';
import { POST as verifyMfa } from './mfa/verify/route';
import { POST as verifySetup } from './mfa/verify-setup/route';
import { POST as register } from './register/route';
import { GET as riskAssessment } from './risk-assessment/route';
import { GET as currentUser } from './user/route';

const password = 'Vault-Ledger-2049';
let counter = 0;
const newEmail = () => `user${Date.now()}${(counter += 1)}@example.com`;

async function registered(jar = new CookieJar(), overrides: Record<string, unknown> = {}) {
  const email = newEmail();
  const response = await call(register, '/api/auth/register', { jar, body: { firstName: 'Ada', lastName: 'Lovelace', email, password, ...overrides } });
  expect(response.status).toBe(201);
  return { jar, email, id: response.json.user.id as string };
}

/** A code for the step after the one the account used last (a code works once per step). */
async function nextCode(secret: string, userId: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  const now = Math.floor(Date.now() / 1000);
  const step = Math.floor(now / 30);
  const epoch = user.mfaLastStep !== null && user.mfaLastStep >= step ? (user.mfaLastStep + 1) * 30 : now;
  return generate({ secret, epoch });
}

async function enableMfa(jar: CookieJar, userId: string) {
  const setup = await call(setupMfa, '/api/auth/mfa/setup', { jar, method: 'POST' });
  expect(setup.status).toBe(200);
  const done = await call(verifySetup, '/api/auth/mfa/verify-setup', { jar, body: { tempSecret: setup.json.secret, code: await generate({ secret: setup.json.secret }) } });
  expect(done.json.success).toBe(true);
  return { secret: setup.json.secret as string, backupCodes: done.json.backupCodes as string[], userId };
}

beforeAll(resetDatabase);

describe('register', () => {
  it('creates a plain user, signs it in and ignores role and subscription fields', async () => {
    const jar = new CookieJar();
    const email = newEmail();
    const response = await call(register, '/api/auth/register', {
      jar,
      body: { firstName: ' Ada ', lastName: 'Lovelace', email: email.toUpperCase(), password, role: 'admin', subscriptionStatus: 'active', betaAccess: true },
    });
    expect(response.status).toBe(201);
    expect(response.json.user).toMatchObject({ email, firstName: 'Ada', role: 'user', subscriptionStatus: 'inactive', betaAccess: false, mfaEnabled: false });
    expect(response.json.user.passwordHash).toBeUndefined();
    const stored = await db.user.findUniqueOrThrow({ where: { email } });
    expect(stored.passwordHash).toMatch(/^scrypt\$32768\$8\$3\$/);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('next-auth.session-token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect((await call(currentUser, '/api/auth/user', { jar })).json.email).toBe(email);
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: '   ' }, 'lastName', 'Last name is required'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email'],
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ password: 'password123' }, 'password', 'This password is too common. Please choose a less predictable password.'],
  ])('refuses %p with its message', async (change, field, message) => {
    const response = await call(register, '/api/auth/register', {
      jar: new CookieJar(),
      body: { firstName: 'Ada', lastName: 'Lovelace', email: newEmail(), password, ...change },
    });
    expect(response.status).toBe(400);
    expect(response.json.errors[field]).toContain(message);
  });

  it('refuses a taken email with 409, bad JSON with 400 and a huge body with 413', async () => {
    const { email } = await registered();
    const taken = await call(register, '/api/auth/register', { jar: new CookieJar(), body: { firstName: 'B', lastName: 'C', email, password } });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe('An account with this email already exists');
    expect((await call(register, '/api/auth/register', { jar: new CookieJar(), rawBody: '{"firstName":' })).status).toBe(400);
    expect((await call(register, '/api/auth/register', { jar: new CookieJar(), rawBody: JSON.stringify({ firstName: 'x'.repeat(70_000) }) })).status).toBe(413);
  });

  it('gives the account the beta flag when the browser passed the gate', async () => {
    const jar = new CookieJar();
    expect((await call(verifyBeta, '/api/beta/verify', { jar, body: { code: 'treasury2026' } })).json).toEqual({ valid: true });
    const { id } = await registered(jar);
    expect((await db.user.findUniqueOrThrow({ where: { id } })).betaAccess).toBe(true);
  });
});

describe('login and sessions', () => {
  it('signs in, with the same answer for an unknown email and a wrong password', async () => {
    const { email } = await registered();
    const jar = new CookieJar();
    const ok = await call(login, '/api/auth/login', { jar, body: { email, password } });
    expect(ok.status).toBe(200);
    expect(ok.json.user.email).toBe(email);
    const wrong = await call(login, '/api/auth/login', { jar: new CookieJar(), body: { email, password: 'Wrong-password-1' } });
    const unknown = await call(login, '/api/auth/login', { jar: new CookieJar(), body: { email: newEmail(), password: 'Wrong-password-1' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.message).toBe('Invalid email or password');
  });

  it('validates the login form like the client', async () => {
    const bad = await call(login, '/api/auth/login', { jar: new CookieJar(), body: { email: 'x', password: '12345' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ email: ['Please enter a valid email'], password: ['Password must be at least 6 characters'] });
  });

  it('answers the 11th failed login in a row with 429, even with the right password', async () => {
    const { email } = await registered();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await call(login, '/api/auth/login', { jar: new CookieJar(), body: { email, password: 'Wrong-password-1' } })).status).toBe(401);
    }
    const locked = await call(login, '/api/auth/login', { jar: new CookieJar(), body: { email, password } });
    expect(locked.status).toBe(429);
    expect(locked.json.message).toBe('Too many failed attempts. Please wait 15 minutes and try again.');
    expect(locked.headers.get('retry-after')).toBe('900');
  });

  it('refuses a cookie copied before logout', async () => {
    const { jar } = await registered();
    const copy = jar.clone();
    expect((await call(logout, '/api/auth/logout', { jar, method: 'POST' })).status).toBe(200);
    expect((await call(currentUser, '/api/auth/user', { jar: copy })).status).toBe(401);
    expect((await call(currentUser, '/api/auth/user', { jar })).status).toBe(401);
  });

  it('refuses a forged or foreign token', async () => {
    const jar = new CookieJar();
    jar.cookies.set('next-auth.session-token', 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..forged.forged.forged');
    expect((await call(currentUser, '/api/auth/user', { jar })).status).toBe(401);
  });
});

describe('change password', () => {
  it('checks the current password, changes it, and signs out other browsers', async () => {
    const { jar, email } = await registered();
    const other = new CookieJar();
    await call(login, '/api/auth/login', { jar: other, body: { email, password } });

    const wrong = await call(changePassword, '/api/auth/change-password', { jar, body: { currentPassword: 'nope-nope', newPassword: 'Another-Ledger-77' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe('Current password is incorrect');
    const short = await call(changePassword, '/api/auth/change-password', { jar, body: { currentPassword: password, newPassword: '12345' } });
    expect(short.json.errors.newPassword).toEqual(['New password must be at least 6 characters']);
    const missing = await call(changePassword, '/api/auth/change-password', { jar, body: { currentPassword: '', newPassword: 'Another-Ledger-77' } });
    expect(missing.json.errors.currentPassword).toEqual(['Current password is required']);

    const ok = await call(changePassword, '/api/auth/change-password', { jar, body: { currentPassword: password, newPassword: 'Another-Ledger-77' } });
    expect(ok.status).toBe(200);
    expect((await call(currentUser, '/api/auth/user', { jar })).status).toBe(200);
    expect((await call(currentUser, '/api/auth/user', { jar: other })).status).toBe(401);
    expect((await call(login, '/api/auth/login', { jar: new CookieJar(), body: { email, password: 'Another-Ledger-77' } })).status).toBe(200);
  });
});

describe('two-factor', () => {
  it('sets up only with the secret the server handed out and a valid code', async () => {
    const { jar } = await registered();
    const setup = await call(setupMfa, '/api/auth/mfa/setup', { jar, method: 'POST' });
    expect(setup.status).toBe(200);
    expect(setup.json.qrCodeSvg).toMatch(/^<svg/);
    expect(setup.json.manualEntryKey.replace(/ /g, '')).toBe(setup.json.secret);

    const forged = await call(verifySetup, '/api/auth/mfa/verify-setup', { jar, body: { tempSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', code: await generate({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }) } });
    expect(forged.status).toBe(400);
    const badCode = await call(verifySetup, '/api/auth/mfa/verify-setup', { jar, body: { tempSecret: setup.json.secret, code: '12345' } });
    expect(badCode.status).toBe(400);
    expect(badCode.json.errors.code).toEqual(['Please enter a 6-digit code from your authenticator app.']);
    const wrongCode = await call(verifySetup, '/api/auth/mfa/verify-setup', { jar, body: { tempSecret: setup.json.secret, code: (Number(await generate({ secret: setup.json.secret })) ^ 1).toString().padStart(6, '0') } });
    expect(wrongCode.json.success).toBe(false);

    const done = await call(verifySetup, '/api/auth/mfa/verify-setup', { jar, body: { tempSecret: setup.json.secret, code: await generate({ secret: setup.json.secret }) } });
    expect(done.json.success).toBe(true);
    expect(done.json.backupCodes).toHaveLength(10);
    expect((await call(mfaStatus, '/api/auth/mfa/status', { jar })).json).toEqual({ enabled: true, backupCodesRemaining: 10, promptDismissed: false });
    const stored = await db.user.findFirstOrThrow({ where: { mfaEnabled: true, mfaSecret: { not: null } }, orderBy: { mfaEnabledAt: 'desc' } });
    expect(stored.mfaSecret).not.toContain(setup.json.secret);
    expect((await call(setupMfa, '/api/auth/mfa/setup', { jar, method: 'POST' })).status).toBe(409);
  });

  it('gives no session for the password alone; the pending sign-in completes with a code used once', async () => {
    const { jar, email, id } = await registered();
    const { secret } = await enableMfa(jar, id);

    const browser = new CookieJar();
    const first = await call(login, '/api/auth/login', { jar: browser, body: { email, password } });
    expect(first.json).toMatchObject({ mfaRequired: true, userId: id });
    expect(browser.cookies.has('next-auth.session-token')).toBe(false);
    expect(browser.cookies.has('mfa_pending')).toBe(true);
    expect((await call(currentUser, '/api/auth/user', { jar: browser })).status).toBe(401);

    const stranger = await registered();
    expect((await call(verifyMfa, '/api/auth/mfa/verify', { jar: browser, body: { userId: stranger.id, code: '123456', useBackup: false } })).status).toBe(403);
    expect((await call(verifyMfa, '/api/auth/mfa/verify', { jar: new CookieJar(), body: { userId: id, code: '123456', useBackup: false } })).status).toBe(401);

    const code = await nextCode(secret, id);
    const verified = await call(verifyMfa, '/api/auth/mfa/verify', { jar: browser, body: { userId: id, code, useBackup: false } });
    expect(verified.json).toEqual({ valid: true });
    expect((await call(currentUser, '/api/auth/user', { jar: browser })).json.id).toBe(id);

    const again = new CookieJar();
    await call(login, '/api/auth/login', { jar: again, body: { email, password } });
    expect((await call(verifyMfa, '/api/auth/mfa/verify', { jar: again, body: { userId: id, code, useBackup: false } })).json).toEqual({ valid: false });
  });

  it('accepts each backup code once, regenerates them, and disables only after the dialog', async () => {
    const { jar, email, id } = await registered();
    const { secret, backupCodes } = await enableMfa(jar, id);

    const browser = new CookieJar();
    await call(login, '/api/auth/login', { jar: browser, body: { email, password } });
    expect((await call(verifyMfa, '/api/auth/mfa/verify', { jar: browser, body: { userId: id, code: backupCodes[0]!.toLowerCase(), useBackup: true } })).json).toEqual({ valid: true });
    const reuse = new CookieJar();
    await call(login, '/api/auth/login', { jar: reuse, body: { email, password } });
    expect((await call(verifyMfa, '/api/auth/mfa/verify', { jar: reuse, body: { userId: id, code: backupCodes[0], useBackup: true } })).json).toEqual({ valid: false });
    expect((await call(mfaStatus, '/api/auth/mfa/status', { jar })).json.backupCodesRemaining).toBe(9);

    const fresh = await call(regenerate, '/api/auth/mfa/regenerate-backup-codes', { jar, method: 'POST' });
    expect(fresh.json.backupCodes).toHaveLength(10);
    expect((await call(mfaStatus, '/api/auth/mfa/status', { jar })).json.backupCodesRemaining).toBe(10);

    const refused = await call(disableMfa, '/api/auth/mfa/disable', { jar, body: { verificationCode: 'VERIFIED' } });
    expect(refused.status).toBe(403);
    const confirm = await call(verifyMfa, '/api/auth/mfa/verify', { jar, body: { userId: id, code: await nextCode(secret, id), useBackup: false } });
    expect(confirm.json).toEqual({ valid: true });
    const stale = jar.clone();
    const disabled = await call(disableMfa, '/api/auth/mfa/disable', { jar, body: { verificationCode: 'VERIFIED' } });
    expect(disabled.status).toBe(200);
    expect((await call(mfaStatus, '/api/auth/mfa/status', { jar })).json).toEqual({ enabled: false, backupCodesRemaining: 0, promptDismissed: false });
    expect((await call(currentUser, '/api/auth/user', { jar: stale })).status).toBe(401);
    expect((await call(login, '/api/auth/login', { jar: new CookieJar(), body: { email, password } })).json.user.id).toBe(id);
  });

  it('assesses risk from the account and remembers a dismissed prompt', async () => {
    const { jar, id } = await registered();
    expect((await call(riskAssessment, '/api/auth/risk-assessment', { jar })).json.riskLevel).toBe('medium');
    await db.user.update({ where: { id }, data: { subscriptionStatus: 'active' } });
    const high = await call(riskAssessment, '/api/auth/risk-assessment', { jar });
    expect(high.json.riskLevel).toBe('high');
    expect(high.json.recommendations.benefits.length).toBeGreaterThan(0);
    await enableMfa(jar, id);
    expect((await call(riskAssessment, '/api/auth/risk-assessment', { jar })).json.riskLevel).toBe('low');
    expect((await call(dismissPrompt, '/api/auth/mfa/dismiss-prompt', { jar, method: 'POST' })).json).toEqual({ promptDismissed: true });
    expect((await call(mfaStatus, '/api/auth/mfa/status', { jar })).json.promptDismissed).toBe(true);
  });
});

describe('beta gate', () => {
  it('checks codes case-insensitively and sets an httpOnly cookie', async () => {
    const jar = new CookieJar();
    const bad = await call(verifyBeta, '/api/beta/verify', { jar, body: { code: 'NOT-A-CODE' } });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ valid: false, message: 'Please check your invitation code and try again.' });
    expect((await call(betaStatus, '/api/beta/status', { jar })).json.granted).toBe(false);
    const good = await call(verifyBeta, '/api/beta/verify', { jar, body: { code: ' satoshi21 ' } });
    expect(good.json).toEqual({ valid: true });
    expect(good.headers.getSetCookie().find((line) => line.startsWith('beta_access='))).toMatch(/HttpOnly/i);
    expect((await call(betaStatus, '/api/beta/status', { jar })).json.granted).toBe(true);
    await call(resetBeta, '/api/beta/reset', { jar, method: 'POST' });
    expect((await call(betaStatus, '/api/beta/status', { jar })).json.granted).toBe(false);
  });

  it('refuses a tampered cookie', async () => {
    const jar = new CookieJar();
    await call(verifyBeta, '/api/beta/verify', { jar, body: { code: 'SATOSHI21' } });
    jar.cookies.set('beta_access', jar.cookies.get('beta_access')!.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')));
    expect((await call(betaStatus, '/api/beta/status', { jar })).json.granted).toBe(false);
  });

  it('stores access requests once and validates the email', async () => {
    const jar = new CookieJar();
    const email = newEmail();
    expect((await call(requestBeta, '/api/beta/request', { jar, body: { email } })).status).toBe(201);
    expect((await call(requestBeta, '/api/beta/request', { jar, body: { email } })).status).toBe(201);
    expect(await db.betaRequest.count({ where: { email } })).toBe(1);
    const bad = await call(requestBeta, '/api/beta/request', { jar, body: { email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Please enter a valid email');
  });
});

describe('signed-out requests', () => {
  it.each([
    ['GET /api/auth/user', currentUser],
    ['POST /api/auth/change-password', changePassword],
    ['POST /api/auth/mfa/setup', setupMfa],
    ['POST /api/auth/mfa/verify-setup', verifySetup],
    ['GET /api/auth/mfa/status', mfaStatus],
    ['POST /api/auth/mfa/disable', disableMfa],
    ['POST /api/auth/mfa/regenerate-backup-codes', regenerate],
    ['POST /api/auth/mfa/dismiss-prompt', dismissPrompt],
    ['GET /api/auth/risk-assessment', riskAssessment],
  ] as const)('%s answers 401', async (label, handler) => {
    const [method, path] = label.split(' ') as [string, string];
    const response = await call(handler as never, path, { method, jar: new CookieJar(), ...(method === 'POST' ? { body: {} } : {}) });
    expect(response.status).toBe(401);
    expect(response.json.message).toBe('Authentication required. Please sign in.');
  });
});
