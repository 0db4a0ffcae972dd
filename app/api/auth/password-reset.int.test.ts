import { POST as forgotPassword } from '@/app/api/auth/forgot-password/route';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as resetPassword } from '@/app/api/auth/reset-password/route';
import { GET as currentUser } from '@/app/api/auth/user/route';
import { encrypt } from '@/lib/crypto';
import { db } from '@/lib/db';
import { mailIdle } from '@/lib/mail/sender';
import { sendAppMailToLocalServer, stopAppMail } from '@/test/support/mail/app-mail';
import type { LocalSmtpServer } from '@/test/support/mail/smtp-server';
import { closeRateLimiter } from '@/lib/rate-limit/limiter';
import { resetDatabase } from '@/test/support/database';
import { call, CookieJar } from '@/test/support/http';
import { registeredUser, testPassword } from '@/test/support/users';

// The whole reset flow through the route handlers, with mail delivered to a real SMTP server.

let smtp: LocalSmtpServer;
const saved = { ...process.env };
const newPassword = 'Copper-Meadow-5812';

beforeAll(async () => {
  await resetDatabase();
  smtp = await sendAppMailToLocalServer();
  delete process.env.REDIS_URL;
});

afterAll(async () => {
  await stopAppMail(smtp);
  process.env = saved;
});

beforeEach(async () => {
  await closeRateLimiter();
});

function mailsTo(address: string, subject: RegExp) {
  return smtp.received.filter((mail) => mail.to.includes(address) && subject.test(decodedSubject(mail.raw)));
}

function decodedSubject(raw: string) {
  return /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
}

/** The reset link of the text part (quoted-printable soft breaks undone). */
function resetTokenIn(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https:\/\/app\.example\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(unfolded);
  if (!match) throw new Error(`no reset link in\n${raw}`);
  return match[1]!;
}

async function requestReset(email: string, jar = new CookieJar()) {
  const response = await call(forgotPassword, '/api/auth/forgot-password', { jar, body: { email } });
  await mailIdle();
  return response;
}

it('answers the same whether or not the account exists, and mails a link only to an account', async () => {
  const { email } = await registeredUser(true, 'reset-same');
  const known = await requestReset(email.toUpperCase());
  const unknown = await requestReset('nobody-here@example.com');
  expect(known.status).toBe(200);
  expect(unknown.status).toBe(200);
  expect(known.json).toEqual(unknown.json);
  expect(mailsTo(email, /Reset your/)).toHaveLength(1);
  expect(mailsTo('nobody-here@example.com', /./)).toHaveLength(0);
  const raw = mailsTo(email, /Reset your/)[0]!.raw;
  expect(raw).toMatch(/text\/plain/);
  expect(raw).toMatch(/text\/html/);
  // Account mail carries no unsubscribe header.
  expect(raw).not.toContain('List-Unsubscribe');
  // Only the hash is stored.
  const stored = await db.passwordResetToken.findFirstOrThrow({ where: { user: { email } } });
  expect(stored.tokenHash).not.toBe(resetTokenIn(raw));
  expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(30 * 60 * 1000);
});

it('resets with a single-use link, signs every session out and mails a notice', async () => {
  const { email, jar } = await registeredUser(true, 'reset-flow');
  const otherBrowser = (await call(login, '/api/auth/login', { jar: new CookieJar(), body: { email, password: testPassword } })).status;
  expect(otherBrowser).toBe(200);
  await requestReset(email);
  const token = resetTokenIn(mailsTo(email, /Reset your/)[0]!.raw);

  const short = await call(resetPassword, '/api/auth/reset-password', { body: { token, password: 'short' } });
  expect(short.status).toBe(400);
  expect(short.json.message).toBe('Password must be at least 8 characters');
  const common = await call(resetPassword, '/api/auth/reset-password', { body: { token, password: 'password123' } });
  expect(common.status).toBe(400);

  const done = await call(resetPassword, '/api/auth/reset-password', { body: { token, password: newPassword } });
  expect(done.status).toBe(200);
  await mailIdle();
  expect((await call(currentUser, '/api/auth/user', { jar })).status).toBe(401);
  expect(await db.session.count({ where: { user: { email }, revokedAt: null } })).toBe(0);

  const again = await call(resetPassword, '/api/auth/reset-password', { body: { token, password: 'Another-Lantern-4410' } });
  expect(again.status).toBe(400);
  expect(again.json.message).toMatch(/invalid or has expired/);

  expect((await call(login, '/api/auth/login', { jar: new CookieJar(), body: { email, password: testPassword } })).status).toBe(401);
  expect((await call(login, '/api/auth/login', { jar: new CookieJar(), body: { email, password: newPassword } })).status).toBe(200);
  expect(mailsTo(email, /password was changed/)).toHaveLength(1);
  // Following the link proved the address.
  expect((await db.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).not.toBeNull();
});

it('refuses an expired link and a made-up one', async () => {
  const { email } = await registeredUser(true, 'reset-expired');
  await requestReset(email);
  const token = resetTokenIn(mailsTo(email, /Reset your/)[0]!.raw);
  await db.passwordResetToken.updateMany({ where: { user: { email } }, data: { expiresAt: new Date(Date.now() - 1000) } });
  expect((await call(resetPassword, '/api/auth/reset-password', { body: { token, password: newPassword } })).status).toBe(400);
  expect((await call(resetPassword, '/api/auth/reset-password', { body: { token: 'made-up', password: newPassword } })).status).toBe(400);
  expect((await call(login, '/api/auth/login', { jar: new CookieJar(), body: { email, password: testPassword } })).status).toBe(200);
});

it('limits requests per account and per caller address, alike for unknown addresses', async () => {
  const { email } = await registeredUser(true, 'reset-limit');
  for (let attempt = 0; attempt < 3; attempt++) expect((await requestReset(email)).status).toBe(200);
  const limited = await requestReset(email);
  expect(limited.status).toBe(429);
  expect(limited.json.message).toMatch(/Too many reset requests/);
  for (let attempt = 0; attempt < 3; attempt++) await requestReset('ghost@example.com');
  expect((await requestReset('ghost@example.com')).status).toBe(429);
  expect(mailsTo(email, /Reset your/)).toHaveLength(3);

  const jar = new CookieJar();
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 21; attempt++) statuses.push((await requestReset(`spray${attempt}@example.com`, jar)).status);
  expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
  expect(statuses[20]).toBe(429);
});

it('keeps two-factor on: after a reset the sign-in still asks for the code', async () => {
  const { email, id } = await registeredUser(true, 'reset-mfa');
  await db.user.update({ where: { id }, data: { mfaEnabled: true, mfaSecret: encrypt('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'), mfaEnabledAt: new Date() } });
  await requestReset(email);
  const token = resetTokenIn(mailsTo(email, /Reset your/)[0]!.raw);
  expect((await call(resetPassword, '/api/auth/reset-password', { body: { token, password: newPassword } })).status).toBe(200);
  const signIn = await call(login, '/api/auth/login', { jar: new CookieJar(), body: { email, password: newPassword } });
  expect(signIn.status).toBe(200);
  expect(signIn.json).toMatchObject({ mfaRequired: true });
  expect(signIn.json.user).toBeUndefined();
  expect((await db.user.findUniqueOrThrow({ where: { id } })).mfaEnabled).toBe(true);
});
