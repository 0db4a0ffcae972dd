import type { Db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { asDelivery, digestSchema } from '../signals/delivery';
import type { NotificationPreferencesDto, NotificationPreferencesInput } from './schema';

// The account page's notification preferences: the digest, and the delivery of each alert rule and
// each report schedule.

export async function getNotificationPreferences(db: Db, userId: string): Promise<NotificationPreferencesDto> {
  const [user, preference, rules, schedules, deliveries] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, emailVerifiedAt: true } }),
    db.notificationPreference.findUnique({ where: { userId } }),
    db.alertRule.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 500, include: { company: { select: { name: true } } } }),
    db.reportSchedule.findMany({ orderBy: [{ hour: 'asc' }, { name: 'asc' }] }),
    db.reportDelivery.findMany({ where: { userId } }),
  ]);
  const deliveryBySchedule = new Map(deliveries.map((row) => [row.scheduleId, asDelivery(row.delivery)]));
  return {
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    digest: digestSchema.catch('off').parse(preference?.digest),
    alerts: rules.map((rule) => ({ id: rule.id, kind: rule.kind, companyName: rule.company?.name ?? null, thresholdPct: rule.thresholdPct, delivery: asDelivery(rule.delivery) })),
    reports: schedules.map((schedule) => ({ scheduleId: schedule.id, name: schedule.name, timing: schedule.timing, status: schedule.status, delivery: deliveryBySchedule.get(schedule.id) ?? 'in_app' })),
  };
}

/** Applies the changes given; a rule or schedule that is not there (or not the user's) is a 404. */
export async function updateNotificationPreferences(db: Db, userId: string, input: NotificationPreferencesInput) {
  const alerts = input.alerts ?? [];
  const reports = input.reports ?? [];
  if (alerts.length) {
    const owned = await db.alertRule.count({ where: { userId, id: { in: [...new Set(alerts.map((alert) => alert.id))] } } });
    if (owned !== new Set(alerts.map((alert) => alert.id)).size) throw new AppError('not_found', 'Alert not found');
  }
  if (reports.length) {
    const ids = [...new Set(reports.map((report) => report.scheduleId))];
    if ((await db.reportSchedule.count({ where: { id: { in: ids } } })) !== ids.length) throw new AppError('not_found', 'Report schedule not found');
  }
  await db.$transaction(async (tx) => {
    if (input.digest) {
      await tx.notificationPreference.upsert({ where: { userId }, create: { userId, digest: input.digest }, update: { digest: input.digest } });
    }
    for (const alert of alerts) await tx.alertRule.updateMany({ where: { id: alert.id, userId }, data: { delivery: alert.delivery } });
    for (const report of reports) {
      await tx.reportDelivery.upsert({
        where: { userId_scheduleId: { userId, scheduleId: report.scheduleId } },
        create: { userId, scheduleId: report.scheduleId, delivery: report.delivery },
        update: { delivery: report.delivery },
      });
    }
  });
  return getNotificationPreferences(db, userId);
}
