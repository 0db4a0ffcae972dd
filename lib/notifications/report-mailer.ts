import type { Db } from '../db';
import { appLink } from '../mail/config';
import { enqueueEmail } from '../mail/queue';
import { renderMail } from '../mail/templates';
import { totalsFindingCount } from '../reports/generate';
import { unsubscribePageUrl, unsubscribeUrl } from '../mail/unsubscribe';
import { emailDeliveries } from '../signals/delivery';

// Scheduled reports by email: each user whose delivery for a schedule is email (or both) receives
// every report that schedule generates after the choice was made, the PDF attached (a link alone
// when it is too large for comfortable mail).

const maxAttachmentBytes = 5 * 1024 * 1024;

export async function queueScheduledReportMails(db: Db): Promise<number> {
  const deliveries = await db.reportDelivery.findMany({
    where: { delivery: { in: emailDeliveries }, user: { emailVerifiedAt: { not: null } } },
    include: { user: { select: { email: true, firstName: true } } },
  });
  let queued = 0;
  for (const delivery of deliveries) {
    const report = await db.report.findFirst({
      where: { scheduleId: delivery.scheduleId, status: 'ready', userId: null, generatedAt: { gt: delivery.updatedAt } },
      orderBy: { generatedAt: 'desc' },
      select: { id: true, title: true, description: true, sizeBytes: true, generatedAt: true, pages: true, content: true },
    });
    if (!report || report.id === delivery.lastReportId) continue;
    const attach = report.sizeBytes <= maxAttachmentBytes;
    const link = appLink(`/reports/${report.id}`);
    const mail = renderMail({
      subject: `Your scheduled report: ${report.title}`,
      greeting: `Hello ${delivery.user.firstName},`,
      paragraphs: [
        `${report.title} was generated on ${report.generatedAt!.toUTCString()} (${report.pages} pages).`,
        report.description,
        // The report's own totals, as generated (the same figures as its PDF).
        ...report.content.split('\n').slice(0, totalsFindingCount).filter(Boolean),
        attach ? 'The PDF is attached.' : 'The PDF is too large to attach; open it in Reports.',
      ],
      action: { label: 'Open in Reports', url: link },
      footer: ['You receive this because a report schedule of yours is set to email. Change it in Account Settings.'],
      unsubscribeUrl: unsubscribePageUrl(delivery.userId, 'reports'),
    });
    const { created } = await enqueueEmail(db, {
      idempotencyKey: `report:${delivery.userId}:${report.id}`,
      kind: 'report',
      to: delivery.user.email,
      userId: delivery.userId,
      unsubscribeUrl: unsubscribeUrl(delivery.userId, 'reports'),
      reportId: attach ? report.id : null,
      ...mail,
    });
    // lastReportId only records progress; the idempotency key is what prevents a second mail.
    await db.reportDelivery.updateMany({ where: { id: delivery.id }, data: { lastReportId: report.id, updatedAt: delivery.updatedAt } });
    if (created) queued += 1;
  }
  return queued;
}
