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
