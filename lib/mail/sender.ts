import type { Db } from '../db';
import { deliverQueuedEmails, deliveryBatchSize, type DeliveryResult } from './queue';
import { createMailTransport, isMailDelivered, type MailTransport } from './transport';

// One transport (an SMTP connection pool) per process, shared through globalThis like the bus and the
// database: server.ts and Next's bundled route handlers load this module separately.

const shared = globalThis as typeof globalThis & {
  __treasuryMail?: { transport: MailTransport | null; running: Promise<DeliveryResult> | null; again: boolean };
};

function state() {
  return (shared.__treasuryMail ??= { transport: isMailDelivered() ? createMailTransport() : null, running: null, again: false });
}

/** Runs the queue now (or once more after the run in progress): the scheduler's job is the safety net. */
export function deliverSoon(db: Db, log: (line: string) => void = console.warn): Promise<DeliveryResult> {
  const mail = state();
  const transport = mail.transport;
  // No transport: the queue is the outbox (MAIL_OUTBOX=database); nothing is claimed or retried.
  if (!transport) return Promise.resolve({ sent: 0, retried: 0, failed: 0 });
  if (mail.running) {
    mail.again = true;
    return mail.running;
  }
  mail.running = (async () => {
    const total: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
    try {
      let full = false;
      do {
        mail.again = false;
        const result = await deliverQueuedEmails(db, transport, { log });
        total.sent += result.sent;
        total.retried += result.retried;
        total.failed += result.failed;
        full = result.sent + result.retried + result.failed >= deliveryBatchSize;
      } while (mail.again || full);
    } finally {
      mail.running = null;
    }
    return total;
  })();
  mail.running.catch((error: unknown) => log(`mail delivery failed: ${error instanceof Error ? error.message : String(error)}`));
  return mail.running;
}

/** Resolves when no delivery run is in progress (tests wait for it before closing the database). */
export async function mailIdle(): Promise<void> {
  while (shared.__treasuryMail?.running) await shared.__treasuryMail.running.catch(() => undefined);
}

export function closeMailTransport() {
  shared.__treasuryMail?.transport?.close();
  delete shared.__treasuryMail;
}
