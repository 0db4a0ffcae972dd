import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { db } from '@/lib/db';
import { resetDatabase } from '@/test/support/database';
import { mailConfig } from './config';
import { claimLeaseMs, deliverQueuedEmails, enqueueEmail, maxAttempts, retryDelayMs, type NewEmail } from './queue';
import { startSmtpServer, type LocalSmtpServer } from '@/test/support/mail/smtp-server';
import { createMailTransport, type MailTransport } from './transport';

jest.setTimeout(60_000);

let smtp: LocalSmtpServer;
let transport: MailTransport;

beforeEach(async () => {
  await resetDatabase();
  smtp = await startSmtpServer();
  transport = createMailTransport({ ...mailConfig(), smtpUrl: smtp.url });
});

afterEach(async () => {
  transport.close();
  await smtp.close();
});

const mail = (key: string, extra: Partial<NewEmail> = {}): NewEmail => ({
  idempotencyKey: key,
  kind: 'alert',
  to: `${key.replace(/[^a-z0-9]/gi, '')}@example.com`,
  subject: `Subject ${key}`,
  text: `Plain ${key}`,
  html: `<p>Html ${key}</p>`,
  ...extra,
});

/** The server's count once it reaches `expected` (or after a short wait, whatever it is then; never fewer than it got). */
async function settledCount(expected: number) {
  for (let waited = 0; smtp.received.length < expected && waited < 3_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 200));
  return smtp.received.length;
}

const deliveredTo = (address: string) => smtp.received.filter((received) => received.to.includes(address));

it('sends a queued message once with text and HTML parts and the one-click unsubscribe headers', async () => {
  await enqueueEmail(db, mail('first', { unsubscribeUrl: 'http://localhost:3000/api/email/unsubscribe?token=abc' }));
  await enqueueEmail(db, mail('first'));
  expect(await db.outboundEmail.count()).toBe(1);

  expect(await deliverQueuedEmails(db, transport)).toEqual({ sent: 1, retried: 0, failed: 0 });
  expect(await deliverQueuedEmails(db, transport)).toEqual({ sent: 0, retried: 0, failed: 0 });

  expect(smtp.received).toHaveLength(1);
  const raw = smtp.received[0]!.raw;
  expect(raw).toMatch(/Content-Type: multipart\/alternative/);
  expect(raw).toMatch(/Content-Type: text\/plain/);
  expect(raw).toMatch(/Content-Type: text\/html/);
  expect(raw).toContain('List-Unsubscribe: <http://localhost:3000/api/email/unsubscribe?token=abc>');
  expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const row = await db.outboundEmail.findFirstOrThrow();
  expect(row).toMatchObject({ status: 'sent', attempts: 1, claimToken: null });
  expect(raw).toContain(`Message-ID: ${row.messageId}`);
});

it('retries with exponential backoff through an SMTP outage and gives up after the last attempt', async () => {
  expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
  expect(retryDelayMs(20)).toBe(60 * 60 * 1000);

  await enqueueEmail(db, mail('outage'));
  smtp.failNext(2);
  let clock = new Date();
  const now = () => clock;

  expect(await deliverQueuedEmails(db, transport, { now })).toMatchObject({ retried: 1 });
  let row = await db.outboundEmail.findFirstOrThrow();
  expect(row).toMatchObject({ status: 'queued', attempts: 1 });
  expect(row.nextAttemptAt.getTime() - clock.getTime()).toBe(30_000);
  expect(row.lastError).toMatch(/451/);

  // Not yet due: nothing is attempted.
  expect(await deliverQueuedEmails(db, transport, { now })).toEqual({ sent: 0, retried: 0, failed: 0 });

  clock = new Date(clock.getTime() + 30_000);
  expect(await deliverQueuedEmails(db, transport, { now })).toMatchObject({ retried: 1 });
  row = await db.outboundEmail.findFirstOrThrow();
  expect(row.nextAttemptAt.getTime() - clock.getTime()).toBe(60_000);

  clock = new Date(clock.getTime() + 60_000);
  expect(await deliverQueuedEmails(db, transport, { now })).toMatchObject({ sent: 1 });
  expect(deliveredTo('outage@example.com')).toHaveLength(1);

  await enqueueEmail(db, mail('hopeless'));
  smtp.failNext(maxAttempts);
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    await deliverQueuedEmails(db, transport, { now });
    clock = new Date(clock.getTime() + retryDelayMs(attempt));
  }
  expect(await db.outboundEmail.findUniqueOrThrow({ where: { idempotencyKey: 'hopeless' } })).toMatchObject({ status: 'failed', attempts: maxAttempts });
  expect(deliveredTo('hopeless@example.com')).toHaveLength(0);
});

it('two senders running at once deliver every message exactly once', async () => {
  for (let index = 0; index < 30; index++) await enqueueEmail(db, mail(`parallel-${index}`));
  const second = createMailTransport({ ...mailConfig(), smtpUrl: smtp.url });
  await Promise.all([deliverQueuedEmails(db, transport), deliverQueuedEmails(db, second)]);
  second.close();
  expect(smtp.received).toHaveLength(30);
  expect(new Set(smtp.received.map((received) => received.to[0])).size).toBe(30);
  expect(await db.outboundEmail.count({ where: { status: 'sent' } })).toBe(30);
});

it('a sender killed mid-queue loses no mail and doubles none: the next sender takes over after the lease', async () => {
  for (let index = 0; index < 6; index++) await enqueueEmail(db, mail(`killed-${index}`));
  // The third message reaches DATA and is held there; the sender is killed while it waits.
  let seen = 0;
  let killChild: () => void = () => undefined;
  smtp.onData = () => {
    seen += 1;
    if (seen === 3) {
      smtp.stall();
      killChild();
    }
  };
  // node itself with tsx as a loader: the tsx CLI would run the sender in a grandchild that outlives the kill.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '../../test/support/mail/sender-child.ts')], {
    env: { ...process.env, SMTP_URL: smtp.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  killChild = () => child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  expect(() => process.kill(child.pid!, 0)).toThrow();
  expect(output).not.toContain('done');

  expect(smtp.received).toHaveLength(2);
  // Which two depends on the claim order of rows enqueued within the same millisecond.
  const firstRun = smtp.received.map((received) => received.to[0]);
  const byStatus = await db.outboundEmail.groupBy({ by: ['status'], _count: true, orderBy: { status: 'asc' } });
  // The sender had claimed the whole batch: two sent, four held by a claim that will never finish.
  expect(Object.fromEntries(byStatus.map((group) => [group.status, group._count]))).toEqual({ sending: 4, sent: 2 });

  // A fresh server (the restarted process) on a fresh SMTP server.
  await smtp.close();
  smtp = await startSmtpServer();
  transport.close();
  transport = createMailTransport({ ...mailConfig(), smtpUrl: smtp.url });

  // Before the lease passes, the claimed messages are left alone; after it, they are sent.
  await deliverQueuedEmails(db, transport);
  expect(smtp.received).toHaveLength(0);
  const later = new Date(Date.now() + claimLeaseMs + 1_000);
  expect(await deliverQueuedEmails(db, transport, { now: () => later })).toEqual({ sent: 4, retried: 0, failed: 0 });
  expect(await settledCount(4)).toBe(4);
  await deliverQueuedEmails(db, transport, { now: () => new Date(later.getTime() + claimLeaseMs + 1_000) });
  expect(await settledCount(4)).toBe(4);

  const sentRows = await db.outboundEmail.findMany({ where: { status: 'sent' } });
  expect(sentRows).toHaveLength(6);
  // Every message reached an SMTP server exactly once across both runs.
  const addresses = smtp.received.map((received) => received.to[0]).concat(firstRun);
  expect(addresses.sort()).toEqual(Array.from({ length: 6 }, (_, index) => `killed${index}@example.com`).sort());
});

it('writes one .eml file per message to the outbox folder when no SMTP server is configured', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  const outbox = createMailTransport({ ...mailConfig(), smtpUrl: undefined, outboxDir: dir });
  await enqueueEmail(db, mail('offline'));
  await deliverQueuedEmails(db, outbox);
  const files = fs.readdirSync(dir);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/\.eml$/);
  const content = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
  expect(content).toContain('To: offline@example.com');
  expect(content).toContain('Plain offline');
  fs.rmSync(dir, { recursive: true });
});
