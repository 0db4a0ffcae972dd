import crypto from 'node:crypto';
import type { Db } from '../db';
import { isUniqueViolation } from '../ingest/db-errors';
import { appLink } from '../mail/config';
import { enqueueEmail } from '../mail/queue';
import { renderMail } from '../mail/templates';
import { unsubscribePageUrl, unsubscribeUrl } from '../mail/unsubscribe';
import { emailDeliveries } from './delivery';

// Critical signals for watched companies, by email. A user's rule (kind 'signal', delivery email or
// both) names the company; every critical signal stored for it since the rule was made is mailed
// once (EmailAlertDelivery holds who got which signal), several arriving together in one mail.

/** Signals older than this are left to the in-app feed: a new rule does not mail old news. */
export const alertLookbackMs = 60 * 60 * 1000;

export interface AlertMailResult {
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

  let mails = 0;
  for (const [userId, { user, signals: pending }] of byUser) {
    const ids = pending.map((signal) => signal.id).sort();
    const key = `alert:${userId}:${crypto.createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 32)}`;
    const mail = criticalAlertMail(user.firstName, pending, unsubscribePageUrl(userId, 'alerts'));
    try {
      await db.$transaction(async (tx) => {
        const { email } = await enqueueEmail(db, { idempotencyKey: key, kind: 'alert', to: user.email, userId, unsubscribeUrl: unsubscribeUrl(userId, 'alerts'), ...mail }, tx);
        await tx.emailAlertDelivery.createMany({ data: ids.map((signalId) => ({ userId, signalId, emailId: email.id })) });
      });
      mails += 1;
    } catch (error) {
      // Another process mailed (some of) these signals to this user first; the next run picks up the rest.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return { mails, signals: signals.length };
}

interface AlertSignal {
  id: string;
  companyName: string;
  description: string;
  source: string;
  detectedAt: Date;
  filingUrl: string | null;
}

function criticalAlertMail(firstName: string, signals: AlertSignal[], unsubscribePage: string) {
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
    })),
    action: { label: 'Open Signals', url: appLink('/signals?severity=critical') },
    footer: ['You receive this because an alert rule of yours is set to email. Change it in Account Settings.'],
    unsubscribeUrl: unsubscribePage,
  });
}
