import crypto from 'node:crypto';
import type { Db } from '../db';
import { isUniqueViolation } from '@/lib/db/errors';
import { mailConfig } from './config';
import type { MailTransport } from './transport';

// The outbound queue. A mail is first a row (OutboundEmail), then a delivery attempt: a sender claims
// the row (status 'sending', a fresh claimToken), hands it to the transport and marks it sent. A
// restart or an SMTP outage loses nothing: an unsent row stays queued, a failed attempt is retried
// with exponential backoff, and a claim whose sender died is taken over once its lease has passed.
// The one window no queue can close is "accepted by the server, process killed before the row says
// sent"; the copy sent after takeover carries the same Message-ID, so it is recognisably the same mail.

type MailKind = 'password-reset' | 'password-changed' | 'verify-email' | 'alert' | 'report' | 'digest';

export interface NewEmail {
  /** Names the message: enqueueing the same key again stores (and sends) it once. */
  idempotencyKey: string;
  kind: MailKind;
  to: string;
  userId?: string | null;
  subject: string;
  text: string;
  html: string;
  unsubscribeUrl?: string | null;
  reportId?: string | null;
}

export const maxAttempts = 8;
/** Messages one delivery run looks at; a run that found a full batch is followed by another. */
export const deliveryBatchSize = 200;
/** How long a claim holds before another sender may take the message over. */
export const claimLeaseMs = 2 * 60 * 1000;
const firstRetryMs = 30 * 1000;
const maxRetryMs = 60 * 60 * 1000;

export function retryDelayMs(attempts: number): number {
  return Math.min(maxRetryMs, firstRetryMs * 2 ** Math.max(0, attempts - 1));
}

function messageIdFor(idempotencyKey: string): string {
  const domain = new URL(mailConfig().publicUrl).hostname || 'localhost';
  return `<${crypto.createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40)}@${domain}>`;
}

/** The row of a new mail (its id chosen here, so a batch insert can name it elsewhere). */
export function outboundEmailRow(email: NewEmail) {
  return {
    id: crypto.randomUUID(),
    idempotencyKey: email.idempotencyKey,
    kind: email.kind,
    toAddress: email.to,
    userId: email.userId ?? null,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html,
    unsubscribeUrl: email.unsubscribeUrl ?? null,
    reportId: email.reportId ?? null,
    messageId: messageIdFor(email.idempotencyKey),
  };
}

/** Stores the mail once per idempotency key; returns the row and whether this call created it. */
export async function enqueueEmail(db: Db, email: NewEmail, client: Pick<Db, 'outboundEmail'> = db) {
  try {
    const row = await client.outboundEmail.create({ data: outboundEmailRow(email) });
    return { email: row, created: true };
  } catch (error) {
    // Inside a caller's transaction the violation is the caller's to handle (PostgreSQL has aborted it).
    if (!isUniqueViolation(error) || client !== db) throw error;
    const row = await db.outboundEmail.findUniqueOrThrow({ where: { idempotencyKey: email.idempotencyKey } });
    return { email: row, created: false };
  }
}

type QueuedEmail = Awaited<ReturnType<Db['outboundEmail']['findUniqueOrThrow']>>;

export interface DeliveryOptions {
  limit?: number;
  concurrency?: number;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
}

function newClaimToken() {
  return crypto.randomBytes(12).toString('base64url');
}

/** Takes over one message whose sender's claim lapsed; null when another sender got there first. */
async function takeOver(db: Db, stale: QueuedEmail, now: Date): Promise<QueuedEmail | null> {
  const claimToken = newClaimToken();
  const { count } = await db.outboundEmail.updateMany({
    // Only the state this sender read: a second sender that read the same row finds it changed.
    where: { id: stale.id, status: 'sending', claimedAt: stale.claimedAt, claimToken: stale.claimToken },
    data: { claimedAt: now, claimToken, attempts: { increment: 1 } },
  });
  return count === 1 ? { ...stale, claimedAt: now, claimToken, attempts: stale.attempts + 1 } : null;
}

/**
 * Claims the due queued messages among `ids` with one statement and returns the rows this sender
 * now holds (a parallel sender's claim of some of them simply leaves them out).
 */
async function claimQueued(db: Db, ids: string[], now: Date): Promise<QueuedEmail[]> {
  if (ids.length === 0) return [];
  const claimToken = newClaimToken();
  await db.outboundEmail.updateMany({
    where: { id: { in: ids }, status: 'queued', nextAttemptAt: { lte: now } },
    data: { status: 'sending', claimedAt: now, claimToken, attempts: { increment: 1 } },
  });
  return db.outboundEmail.findMany({ where: { claimToken }, orderBy: [{ nextAttemptAt: 'asc' }, { id: 'asc' }] });
}

async function toMessage(db: Db, email: QueuedEmail) {
  const headers: Record<string, string> = {};
  if (email.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${email.unsubscribeUrl}>`;
    // RFC 8058: the mailbox provider POSTs "List-Unsubscribe=One-Click" to that URL.
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const attachments = [];
  if (email.reportId) {
    const report = await db.report.findUnique({ where: { id: email.reportId }, select: { pdf: true, title: true } });
    if (report?.pdf) attachments.push({ filename: `${report.title.replace(/[^A-Za-z0-9 _-]/g, '').trim() || 'report'}.pdf`, content: Buffer.from(report.pdf), contentType: 'application/pdf' });
  }
  return {
    from: mailConfig().from,
    to: email.toAddress,
    subject: email.subject,
    text: email.textBody,
    html: email.htmlBody,
    messageId: email.messageId,
    headers,
    attachments,
  };
}

/**
 * Sends what is due: queued rows whose retry time has come and rows whose claim outlived its lease.
 * Safe to run in several processes at once; each message is claimed by one of them.
 */
export async function deliverQueuedEmails(db: Db, transport: MailTransport, options: DeliveryOptions = {}): Promise<DeliveryResult> {
  const now = options.now ?? (() => new Date());
  const started = now();
  const candidates = await db.outboundEmail.findMany({
    where: {
      OR: [
        { status: 'queued', nextAttemptAt: { lte: started } },
        { status: 'sending', claimedAt: { lt: new Date(started.getTime() - claimLeaseMs) } },
      ],
    },
    orderBy: [{ nextAttemptAt: 'asc' }, { id: 'asc' }],
    take: options.limit ?? deliveryBatchSize,
  });
  const claimedAt = now();
  const claimed = await claimQueued(db, candidates.filter((candidate) => candidate.status === 'queued').map((candidate) => candidate.id), claimedAt);
  const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
  const work: Array<QueuedEmail | (() => Promise<QueuedEmail | null>)> = [
    ...claimed,
    ...candidates.filter((candidate) => candidate.status === 'sending').map((stale) => () => takeOver(db, stale, claimedAt)),
  ];
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const item = work[next++]!;
      const candidate = typeof item === 'function' ? await item() : item;
      if (!candidate) continue;
      const { claimToken, attempts } = candidate;
      try {
        await transport.send(await toMessage(db, candidate));
        await db.outboundEmail.updateMany({ where: { id: candidate.id, claimToken }, data: { status: 'sent', sentAt: now(), claimToken: null, lastError: null } });
        result.sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const giveUp = attempts >= maxAttempts;
        await db.outboundEmail.updateMany({
          where: { id: candidate.id, claimToken },
          data: giveUp
            ? { status: 'failed', claimToken: null, lastError: message.slice(0, 1000) }
            : { status: 'queued', claimToken: null, claimedAt: null, lastError: message.slice(0, 1000), nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)) },
        });
        if (giveUp) result.failed += 1;
        else result.retried += 1;
        options.log?.(`mail ${candidate.id} (${candidate.kind}) attempt ${attempts} failed: ${message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? transport.concurrency) }, worker));
  return result;
}
