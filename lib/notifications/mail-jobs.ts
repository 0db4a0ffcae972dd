import type { Job } from '../jobs/job';
import { queueCriticalAlertMails } from './alert-mailer';
import { queueDigestMails } from './digest-mailer';
import { queueScheduledReportMails } from './report-mailer';
import { deliverSoon } from '../mail/sender';

export function mailJobs(): Job[] {
  return [
    {
      // Alerts the bus listener missed, reports the schedules generated, digests that came due.
      name: 'email-notifications',
      everyMs: 30 * 1000,
      async run(db) {
        const alerts = await queueCriticalAlertMails(db);
        const reports = await queueScheduledReportMails(db);
        const digests = await queueDigestMails(db);
        return `queued ${alerts.mails} alert, ${reports} report and ${digests} digest mails`;
      },
    },
    {
      // The queue's safety net: whatever a request or the alert mailer did not send at once (an SMTP
      // outage, a restart, a retry that came due) goes out on this cadence.
      name: 'mail-outbox',
      everyMs: 15 * 1000,
      async run(db) {
        const { sent, retried, failed } = await deliverSoon(db);
        return `sent ${sent} mails${retried ? `, ${retried} to retry` : ''}${failed ? `, ${failed} given up` : ''}`;
      },
    },
  ];
}
