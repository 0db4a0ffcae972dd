import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GET as outbox } from '@/app/api/admin/outbox/route';
import { POST as forgotPassword } from '@/app/api/auth/forgot-password/route';
import { db } from '@/lib/db';
import { closeRateLimiter } from '@/lib/rate-limit/limiter';
import { resetDatabase } from '@/test/support/database';
import { call, CookieJar } from '@/test/support/http';
import { registeredUser } from '@/test/support/users';
import { closeMailTransport, mailIdle } from '@/lib/mail/sender';

// A serverless host without SMTP (VERCEL set, no SMTP_URL): mail stays queued in the database, no
// file is written, and an administrator reads it through GET /api/admin/outbox.

const saved = { ...process.env };
let fileOutbox: string;

beforeAll(async () => {
  await resetDatabase();
  await closeRateLimiter();
  closeMailTransport();
  fileOutbox = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  Object.assign(process.env, { VERCEL: '1', VERCEL_URL: 'preview-abc.vercel.app', MAIL_OUTBOX_DIR: fileOutbox });
  for (const name of ['SMTP_URL', 'APP_URL', 'NEXTAUTH_URL', 'MAIL_OUTBOX', 'REDIS_URL']) delete process.env[name];
});

afterAll(async () => {
  await mailIdle();
  closeMailTransport();
  fs.rmSync(fileOutbox, { recursive: true, force: true });
  process.env = saved;
});

it('keeps a reset mail queued with a link to the deployment, readable by an administrator only', async () => {
  const user = await registeredUser(true, 'outbox');
  const reset = await call(forgotPassword, '/api/auth/forgot-password', { jar: new CookieJar(), body: { email: user.email } });
  expect(reset.status).toBe(200);
  await mailIdle();

  const rows = await db.outboundEmail.findMany({ where: { toAddress: user.email } });
  expect(rows.map((row) => [row.kind, row.status, row.attempts]).sort()).toEqual([
    ['password-reset', 'queued', 0],
    ['verify-email', 'queued', 0],
  ]);
  expect(fs.readdirSync(fileOutbox)).toEqual([]);

  expect((await call(outbox, '/api/admin/outbox')).status).toBe(401);
  const refused = await call(outbox, '/api/admin/outbox', { jar: user.jar });
  expect(refused.status).toBe(404);
  expect(refused.json).toMatchObject({ code: 'not_found' });

  const admin = await registeredUser(true, 'admin');
  await db.user.update({ where: { id: admin.id }, data: { role: 'admin' } });
  const listed = await call(outbox, `/api/admin/outbox?to=${encodeURIComponent(user.email)}`, { jar: admin.jar });
  expect(listed.status).toBe(200);
  expect(listed.headers.get('cache-control')).toBe('private, no-store');
  expect(listed.json.map((mail: { kind: string }) => mail.kind).sort()).toEqual(['password-reset', 'verify-email']);
  const resetMail = listed.json.find((mail: { kind: string }) => mail.kind === 'password-reset');
  expect(resetMail).toMatchObject({ to: user.email, status: 'queued', sentAt: null });
  expect(resetMail.text).toMatch(/https:\/\/preview-abc\.vercel\.app\/reset-password\?token=[A-Za-z0-9_-]+/);

  const newestOnly = await call(outbox, '/api/admin/outbox?limit=1', { jar: admin.jar });
  expect(newestOnly.json).toHaveLength(1);
  expect((await call(outbox, '/api/admin/outbox?limit=0', { jar: admin.jar })).status).toBe(400);
  expect((await call(outbox, '/api/admin/outbox?to=not-an-address', { jar: admin.jar })).status).toBe(400);
});
