import type { Db } from '../db';
import { appLink } from '../mail/config';
import { loadSlugIndex } from '../treasury/slugs';
import { companyPageLinks } from './company-links';
import { enqueueEmail } from '../mail/queue';
import { renderMail } from '../mail/templates';
import { unsubscribePageUrl, unsubscribeUrl } from '../mail/unsubscribe';
import { isoDay } from '../dates';

// The daily or weekly digest: the signals of the period for the companies a user watches (alert
// rules and watchlist), most severe first. A period with nothing new sends nothing.

const day = 24 * 60 * 60 * 1000;
const digestPeriodMs = { daily: day, weekly: 7 * day } as const;
const severityRank: Record<string, number> = { critical: 0, high: 1, medium: 2, low: 3 };

export async function queueDigestMails(db: Db, now = new Date()): Promise<number> {
  const preferences = await db.notificationPreference.findMany({
    where: { digest: { in: ['daily', 'weekly'] }, user: { emailVerifiedAt: { not: null } } },
    include: { user: { select: { email: true, firstName: true } } },
  });
  let queued = 0;
  for (const preference of preferences) {
    const periodMs = digestPeriodMs[preference.digest as keyof typeof digestPeriodMs];
    const since = preference.lastDigestAt ?? new Date(now.getTime() - periodMs);
    if (preference.lastDigestAt && now.getTime() - preference.lastDigestAt.getTime() < periodMs) continue;
    const [rules, watchlist] = await Promise.all([
      db.alertRule.findMany({ where: { userId: preference.userId, companyId: { not: null } }, select: { companyId: true } }),
      db.watchlistEntry.findMany({ where: { userId: preference.userId, companyId: { not: null } }, select: { companyId: true } }),
    ]);
    const companyIds = [...new Set([...rules, ...watchlist].map((row) => row.companyId!))];
    const signals = companyIds.length
      ? await db.signal.findMany({ where: { companyId: { in: companyIds }, createdAt: { gt: since, lte: now } }, orderBy: { detectedAt: 'desc' }, take: 200 })
      : [];
    // The period is named by the digest it follows, so two runs (or a run after a crash) queue one mail;
    // then lastDigestAt moves on.
    if (signals.length > 0 && (await queueDigest(db, preference, since, now, signals))) queued += 1;
    await db.notificationPreference.updateMany({ where: { id: preference.id, lastDigestAt: preference.lastDigestAt }, data: { lastDigestAt: now } });
  }
  return queued;
}

type Preference = Awaited<ReturnType<Db['notificationPreference']['findFirstOrThrow']>> & { user: { email: string; firstName: string } };
type DigestSignal = Awaited<ReturnType<Db['signal']['findFirstOrThrow']>>;

async function queueDigest(db: Db, preference: Preference, since: Date, now: Date, signals: DigestSignal[]): Promise<boolean> {
  signals.sort((a, b) => (severityRank[a.severity] ?? 9) - (severityRank[b.severity] ?? 9));
  const shown = signals.slice(0, 25);
  const label = preference.digest === 'daily' ? 'Daily' : 'Weekly';
  const slugs = await loadSlugIndex(db);
  const mail = renderMail({
    subject: `${label} digest: ${signals.length} signal${signals.length === 1 ? '' : 's'} for companies you watch`,
    greeting: `Hello ${preference.user.firstName},`,
    paragraphs: [`Signals stored between ${since.toUTCString()} and ${now.toUTCString()} for the companies you watch${signals.length > shown.length ? ` (the ${shown.length} most severe of ${signals.length})` : ''}:`],
    items: shown.map((signal) => ({
      title: `${signal.severity.toUpperCase()} · ${signal.companyName}`,
      detail: `${signal.description} (source: ${signal.source}, detected ${isoDay(signal.detectedAt)})`,
      url: signal.filingUrl ?? undefined,
      links: companyPageLinks(slugs, signal.companyId),
    })),
    action: { label: 'Open Signals', url: appLink('/signals') },
    unsubscribeUrl: unsubscribePageUrl(preference.userId, 'digest'),
  });
  const { created } = await enqueueEmail(db, {
    idempotencyKey: `digest:${preference.userId}:${preference.lastDigestAt?.toISOString() ?? 'first'}`,
    kind: 'digest',
    to: preference.user.email,
    userId: preference.userId,
    unsubscribeUrl: unsubscribeUrl(preference.userId, 'digest'),
    ...mail,
  });
  return created;
}
