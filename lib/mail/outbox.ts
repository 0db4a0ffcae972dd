import { z } from 'zod';
import type { Db } from '../db';

// The admin's view of the mail queue. Where no SMTP server is configured on a serverless host the
// queue is the outbox (MAIL_OUTBOX=database): QA reads reset and verification links here.

export const outboxQuerySchema = z.object({
  to: z.email('Enter a valid email address.').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

export interface OutboxMessage {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
  text: string;
}

/** The newest mails first, optionally only those to one address. */
export async function listOutbox(db: Db, query: OutboxQuery): Promise<OutboxMessage[]> {
  const rows = await db.outboundEmail.findMany({
    where: query.to ? { toAddress: query.to.toLowerCase() } : {},
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: query.limit,
    select: { id: true, kind: true, toAddress: true, subject: true, status: true, createdAt: true, sentAt: true, textBody: true },
  });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    text: row.textBody,
  }));
}

/** The outbox screen's page size: newest first, paged so a busy queue stays readable. */
const outboxPageSize = 25;

export interface OutboxPageEntry {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: string;
  createdAt: Date;
  sentAt: Date | null;
}

/** One page of the queue for the admin screen (no bodies), with the count of every mail in it. */
export async function listOutboxPage(db: Db, page: number): Promise<{ entries: OutboxPageEntry[]; total: number; page: number; pages: number }> {
  const total = await db.outboundEmail.count();
  const pages = Math.max(1, Math.ceil(total / outboxPageSize));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await db.outboundEmail.findMany({
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    skip: (current - 1) * outboxPageSize,
    take: outboxPageSize,
    select: { id: true, kind: true, toAddress: true, subject: true, status: true, createdAt: true, sentAt: true },
  });
  return { entries: rows.map(({ toAddress, ...row }) => ({ ...row, to: toAddress })), total, page: current, pages };
}

export interface OutboxMail extends OutboxPageEntry {
  text: string;
  html: string;
  attempts: number;
  lastError: string | null;
}

/** One mail with both bodies, or null when no mail has that id. */
export async function getOutboxMail(db: Db, id: string): Promise<OutboxMail | null> {
  if (id.length > 64) return null;
  const row = await db.outboundEmail.findUnique({
    where: { id },
    select: { id: true, kind: true, toAddress: true, subject: true, status: true, createdAt: true, sentAt: true, textBody: true, htmlBody: true, attempts: true, lastError: true },
  });
  if (!row) return null;
  const { toAddress, textBody, htmlBody, ...rest } = row;
  return { ...rest, to: toAddress, text: textBody, html: htmlBody };
}
