import { POST as unsubscribe } from '@/app/api/email/unsubscribe/route';
import { GET as getPreferences, PUT as putPreferences } from '@/app/api/notifications/preferences/route';
import { db } from '@/lib/db';
import { storeSignal, type NewSignal } from '@/lib/ingest/signals';
import { deliverSoon, mailIdle } from '@/lib/mail/sender';
import { sendAppMailToLocalServer, stopAppMail } from '@/test/support/mail/app-mail';
import type { LocalSmtpServer } from '@/test/support/mail/smtp-server';
import { MemoryBus } from '@/lib/realtime/bus';
import { resetDatabase } from '@/test/support/database';
import { call } from '@/test/support/http';
import { registeredUser } from '@/test/support/users';
import { startAlertMailer } from '../../../lib/notifications/alert-listener';
import { queueCriticalAlertMails } from '../../../lib/notifications/alert-mailer';
import { queueDigestMails } from '../../../lib/notifications/digest-mailer';
import { queueScheduledReportMails } from '../../../lib/notifications/report-mailer';

// Alert, report and digest mail end to end: stored signals and reports in, messages accepted by a
// real SMTP server out.

let smtp: LocalSmtpServer;
const saved = { ...process.env };
let companyId = '';
let sequence = 0;

beforeAll(async () => {
  await resetDatabase();
  smtp = await sendAppMailToLocalServer();
  const company = await db.company.create({
    data: { name: 'Acme Bitcoin Corp', ticker: 'ACME', exchange: 'NASDAQ', sector: 'Technology', btcHoldings: 100, holdingsAsOf: new Date(), source: 'test', marketCapUsd: 50_000_000 },
  });
  companyId = company.id;
});

afterAll(async () => {
  await stopAppMail(smtp);
  process.env = saved;
});

async function subscriber(prefix: string, options: { verified: boolean; delivery: string | null }) {
  const user = await registeredUser(true, prefix);
  await db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: options.verified ? new Date() : null } });
  await db.alertRule.create({ data: { userId: user.id, kind: 'signal', companyId, delivery: options.delivery } });
  return user;
}

function criticalSignal(description: string): NewSignal {
  sequence += 1;
  return {
    sourceId: `test-${Date.now()}-${sequence}`,
    companyId,
    companyName: 'Acme Bitcoin Corp',
    description,
    source: 'SEC EDGAR 8-K',
    detectedAt: new Date(),
    confidence: 90,
    signalType: 'sec-filing',
    severity: 'critical',
    filingUrl: 'https://www.sec.gov/Archives/edgar/data/1/000000000126000001.txt',
    currentPrice: null,
    formType: '8-K',
    filedAt: new Date(),
    details: {},
  };
}

/** Mails to `address` other than the verification mail of registration, headers unfolded. */
const mailsTo = (address: string) =>
  smtp.received
    .filter((mail) => mail.to.includes(address))
    .map((mail) => ({ ...mail, raw: mail.raw.replace(/\r?\n[ \t]+/g, ' ') }))
    .filter((mail) => !mail.raw.includes('Subject: Confirm your email address'));

async function waitFor(predicate: () => boolean, timeoutMs = 20_000) {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

it('mails critical signals to verified email subscribers within seconds, bundled, once', async () => {
  const verified = await subscriber('alert-verified', { verified: true, delivery: 'email' });
  const both = await subscriber('alert-both', { verified: true, delivery: 'both' });
  const unverified = await subscriber('alert-unverified', { verified: false, delivery: 'email' });
  const inApp = await subscriber('alert-in-app', { verified: true, delivery: null });
  smtp.received.length = 0;

  const bus = new MemoryBus();
  const stop = startAlertMailer(db, bus, () => undefined, 300);
  const started = Date.now();
  await storeSignal(db, bus, criticalSignal('Acme Bitcoin Corp bought 1,000 BTC'));
  await storeSignal(db, bus, criticalSignal('Acme Bitcoin Corp announced a $500M convertible note'));
  await waitFor(() => mailsTo(verified.email).length > 0 && mailsTo(both.email).length > 0);
  const elapsed = Date.now() - started;
  expect(elapsed).toBeLessThan(60_000);
  await stop();
  await mailIdle();

  const [mail] = mailsTo(verified.email);
  expect(mailsTo(verified.email)).toHaveLength(1);
  expect(mail!.raw).toContain('2 critical signals');
  expect(mail!.raw).toContain('bought 1,000 BTC');
  expect(mail!.raw).toContain('convertible note');
  expect(mail!.raw).toContain('https://app.example.test/companies/ACME');
  expect(mail!.raw).toMatch(/List-Unsubscribe: <https:\/\/app\.example\.test\/api\/email\/unsubscribe\?token=[^>]+>/);
  expect(mail!.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  expect(mailsTo(unverified.email)).toHaveLength(0);
  expect(mailsTo(inApp.email)).toHaveLength(0);

  // Another pass (the job, a second process) finds nothing left to send.
  expect((await queueCriticalAlertMails(db)).mails).toBe(0);
  await deliverSoon(db);
  expect(mailsTo(verified.email)).toHaveLength(1);

  // One-click unsubscribe, as a mailbox provider sends it: no cookies, form body.
  const url = /List-Unsubscribe: <https:\/\/app\.example\.test(\/api\/email\/unsubscribe\?token=[^>]+)>/.exec(mail!.raw)![1]!;
  const response = await call(unsubscribe, url, { rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(response.status).toBe(200);
  expect(await db.alertRule.findFirstOrThrow({ where: { userId: verified.id } })).toMatchObject({ delivery: 'in_app' });
  // A forged token does nothing.
  const forged = await call(unsubscribe, `/api/email/unsubscribe?token=${Buffer.from(`${both.id}:alerts`).toString('base64url')}.forged`, { rawBody: 'List-Unsubscribe=One-Click' });
  expect(forged.status).toBe(400);
  expect(await db.alertRule.findFirstOrThrow({ where: { userId: both.id } })).toMatchObject({ delivery: 'both' });

  await storeSignal(db, bus, criticalSignal('Acme Bitcoin Corp sold 200 BTC'));
  await queueCriticalAlertMails(db);
  await deliverSoon(db);
  expect(mailsTo(verified.email)).toHaveLength(1);
  expect(mailsTo(both.email)).toHaveLength(2);
});

it('mails a scheduled report with its PDF attached to those who chose email, once per report', async () => {
  const user = await registeredUser(true, 'report-mail');
  await db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
  const schedule = await db.reportSchedule.create({ data: { key: `weekly-${Date.now()}`, name: 'Weekly Health Report', type: 'Health Analysis', cadence: 'weekly', timing: 'Monday 9:00 AM', hour: 9, status: 'active' } });
  await db.reportDelivery.create({ data: { userId: user.id, scheduleId: schedule.id, delivery: 'email' } });
  await new Promise((resolve) => setTimeout(resolve, 5));
  const pdf = Buffer.from('%PDF-1.7\n% a stored report\n%%EOF\n');
  await db.report.create({
    data: { scheduleId: schedule.id, type: 'Health Analysis', title: 'Weekly Health Report - Nov 2026', description: 'Health grades of the tracked companies.', status: 'ready', pages: 4, pdf, sizeBytes: pdf.length, generatedAt: new Date() },
  });
  expect(await queueScheduledReportMails(db)).toBe(1);
  expect(await queueScheduledReportMails(db)).toBe(0);
  await deliverSoon(db);
  const mails = mailsTo(user.email);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.raw).toContain('Content-Type: application/pdf; name="Weekly Health Report - Nov 2026.pdf"');
  expect(mails[0]!.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
});

it('sends the weekly digest of watched companies once per period', async () => {
  const user = await subscriber('digest', { verified: true, delivery: null });
  await db.notificationPreference.create({ data: { userId: user.id, digest: 'weekly' } });
  await storeSignal(db, new MemoryBus(), { ...criticalSignal('Acme Bitcoin Corp filed its quarterly report'), severity: 'medium' });
  expect(await queueDigestMails(db)).toBe(1);
  expect(await queueDigestMails(db)).toBe(0);
  await deliverSoon(db);
  const [digest] = mailsTo(user.email);
  expect(digest!.raw).toMatch(/Subject: Weekly digest: \d+ signals? for companies you watch/);
  expect(digest!.raw).toContain('quarterly report');
  expect(digest!.raw).toContain('https://app.example.test/companies/ACME');
});

it('reads and updates the preferences of the signed-in user only', async () => {
  const owner = await subscriber('prefs-owner', { verified: true, delivery: null });
  const other = await subscriber('prefs-other', { verified: true, delivery: null });
  const otherRule = await db.alertRule.findFirstOrThrow({ where: { userId: other.id } });
  const before = await call(getPreferences, '/api/notifications/preferences', { jar: owner.jar });
  expect(before.status).toBe(200);
  expect(before.json).toMatchObject({ email: owner.email, emailVerified: true, digest: 'off', alerts: [{ companyName: 'Acme Bitcoin Corp', delivery: 'in_app' }] });

  const ruleId = before.json.alerts[0].id as string;
  const updated = await call(putPreferences, '/api/notifications/preferences', { jar: owner.jar, method: 'PUT', body: { digest: 'daily', alerts: [{ id: ruleId, delivery: 'both' }] } });
  expect(updated.status).toBe(200);
  expect(updated.json).toMatchObject({ digest: 'daily', alerts: [{ id: ruleId, delivery: 'both' }] });

  const foreign = await call(putPreferences, '/api/notifications/preferences', { jar: owner.jar, method: 'PUT', body: { alerts: [{ id: otherRule.id, delivery: 'email' }] } });
  expect(foreign.status).toBe(404);
  expect((await db.alertRule.findUniqueOrThrow({ where: { id: otherRule.id } })).delivery).toBeNull();
  const invalid = await call(putPreferences, '/api/notifications/preferences', { jar: owner.jar, method: 'PUT', body: { digest: 'hourly' } });
  expect(invalid.status).toBe(400);
  expect((await call(getPreferences, '/api/notifications/preferences')).status).toBe(401);
});
