import type { Job } from '../jobs/registry';
import { deliverSoon } from './sender';

// The mail queue's safety net: whatever a request or the alert mailer did not send at once (an SMTP
// outage, a restart, a retry that came due) goes out on this cadence.
export function mailJobs(): Job[] {
  return [
    {
      name: 'mail-outbox',
      everyMs: 15 * 1000,
      async run(db) {
        const { sent, retried, failed } = await deliverSoon(db);
        return `sent ${sent} mails${retried ? `, ${retried} to retry` : ''}${failed ? `, ${failed} given up` : ''}`;
      },
    },
  ];
}
