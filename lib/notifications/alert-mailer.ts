import crypto from 'node:crypto';
import type { Db } from '../db';
import { isUniqueViolation } from '@/lib/db/errors';
import { appLink } from '../mail/config';
import { companyPageLinks } from './company-links';
import { loadSlugIndex, type SlugIndex } from '../treasury/slugs';
import { outboundEmailRow } from '../mail/queue';
import { renderMail } from '../mail/templates';
import { unsubscribePageUrl, unsubscribeUrl } from '../mail/unsubscribe';
import { emailDeliveries } from '../signals/delivery';

// Critical signals for watched companies, by email. A user's rule (kind 'signal', delivery email or
// both) names the company; every critical signal stored for it since the rule was made is mailed
// once (EmailAlertDelivery holds who got which signal), several arriving together in one mail.

/** Signals older than this are left to the in-app feed: a new rule does not mail old news. */
const alertLookbackMs = 60 * 60 * 1000;

interface AlertMailResult {
  mails: number;
  signals: number;
}

export async function queueCriticalAlertMails(db: Db, now = new Date()): Promise<AlertMailResult> {
  const signals = await db.signal.findMany({
    where: { severity: 'critical', companyId: { not: null }, createdAt: { gte: new Date(now.getTime() - alertLookbackMs) } },
    orderBy: [{ detectedAt: 'asc' }, { id: 'asc' }],
    take: 500,
  });
  if (signals.length === 0) return { mails: 0, signals: 0 };
  const companyIds = [...new Set(signals.map((signal) => signal.companyId!))];
  const rules = await db.alertRule.findMany({
    where: {
      kind: 'signal',
      active: true,
      delivery: { in: emailDeliveries },
      companyId: { in: companyIds },
      user: { emailVerifiedAt: { not: null } },
    },
    select: { userId: true, companyId: true, createdAt: true, user: { select: { email: true, firstName: true } } },
  });
  if (rules.length === 0) return { mails: 0, signals: signals.length };
  const delivered = await db.emailAlertDelivery.findMany({
    where: { signalId: { in: signals.map((signal) => signal.id) }, userId: { in: [...new Set(rules.map((rule) => rule.userId))] } },
    select: { userId: true, signalId: true },
  });
  const done = new Set(delivered.map((row) => `${row.userId}:${row.signalId}`));

  const byUser = new Map<string, { user: (typeof rules)[number]['user']; signals: typeof signals }>();
  for (const rule of rules) {
    for (const signal of signals) {
      if (signal.companyId !== rule.companyId || signal.createdAt < rule.createdAt || done.has(`${rule.userId}:${signal.id}`)) continue;
      const entry = byUser.get(rule.userId) ?? { user: rule.user, signals: [] };
      entry.signals.push(signal);
      byUser.set(rule.userId, entry);
    }
  }

  const slugs = await loadSlugIndex(db);
  const batches = [...byUser].map(([userId, { user, signals: pending }]) => {
    const ids = pending.map((signal) => signal.id).sort();
    const email = outboundEmailRow({
      idempotencyKey: `alert:${userId}:${crypto.createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 32)}`,
      kind: 'alert',
      to: user.email,
      userId,
      unsubscribeUrl: unsubscribeUrl(userId, 'alerts'),
      ...criticalAlertMail(user.firstName, pending, unsubscribePageUrl(userId, 'alerts'), slugs),
    });
    return { email, deliveries: ids.map((signalId) => ({ userId, signalId, emailId: email.id })) };
  });

  let mails = 0;
  for (let start = 0; start < batches.length; start += batchSize) {
    mails += await storeAlertMails(db, batches.slice(start, start + batchSize));
  }
  return { mails, signals: signals.length };
}

const batchSize = 250;

type AlertMail = { email: ReturnType<typeof outboundEmailRow>; deliveries: { userId: string; signalId: string; emailId: string }[] };

/**
 * Stores mails and their delivery records together, a batch per transaction. When another process
 * stored some of them first (a unique violation), each is retried alone and the ones already taken
 * are skipped; the next run picks up whatever is left.
 */
async function storeAlertMails(db: Db, batch: AlertMail[]): Promise<number> {
  const store = (items: AlertMail[]) =>
    db.$transaction(async (tx) => {
      await tx.outboundEmail.createMany({ data: items.map((item) => item.email) });
      await tx.emailAlertDelivery.createMany({ data: items.flatMap((item) => item.deliveries) });
    });
  try {
    await store(batch);
    return batch.length;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  let stored = 0;
  for (const item of batch) {
    try {
      await store([item]);
      stored += 1;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return stored;
}

interface AlertSignal {
  id: string;
  companyId: string | null;
  companyName: string;
  description: string;
  source: string;
  detectedAt: Date;
  filingUrl: string | null;
}

function criticalAlertMail(firstName: string, signals: AlertSignal[], unsubscribePage: string, slugs: SlugIndex) {
  const companies = [...new Set(signals.map((signal) => signal.companyName))];
  const subject =
    signals.length === 1
      ? `Critical signal: ${signals[0]!.companyName}`
      : `${signals.length} critical signals: ${companies.slice(0, 3).join(', ')}${companies.length > 3 ? '…' : ''}`;
  return renderMail({
    subject,
    greeting: `Hello ${firstName},`,
    paragraphs: [signals.length === 1 ? 'A critical signal was detected for a company you watch:' : `${signals.length} critical signals were detected for companies you watch:`],
    items: signals.map((signal) => ({
      title: `${signal.companyName}`,
      detail: `${signal.description} (source: ${signal.source}, detected ${signal.detectedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC)`,
      url: signal.filingUrl ?? undefined,
      links: companyPageLinks(slugs, signal.companyId),
    })),
    action: { label: 'Open Signals', url: appLink('/signals?severity=critical') },
    footer: ['You receive this because an alert rule of yours is set to email. Change it in Account Settings.'],
    unsubscribeUrl: unsubscribePage,
  });
}
