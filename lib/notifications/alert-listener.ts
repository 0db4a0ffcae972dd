import type { Db } from '../db';
import { deliverSoon } from '../mail/sender';
import type { EventBus } from '../realtime/bus';
import { queueCriticalAlertMails } from './alert-mailer';

/**
 * Mails critical signals as they are announced on the bus, so they reach the inbox within seconds
 * rather than at the next job tick. Signals arriving within `bundleMs` of each other go out in one
 * mail per user. The email-notifications job catches anything missed (a restart, a lost event).
 * Returns a stop function whose promise settles once the pass in progress has.
 */
export function startAlertMailer(db: Db, bus: EventBus, log: (line: string) => void, bundleMs = 1_000): () => Promise<void> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    timer = null;
    running = running
      .then(async () => {
        const { mails } = await queueCriticalAlertMails(db);
        if (mails > 0) await deliverSoon(db, log);
      })
      .catch((error: unknown) => log(`alert mail failed: ${error instanceof Error ? error.message : String(error)}`));
  };
  const unsubscribe = bus.subscribe((event) => {
    if (event.type !== 'critical_alert' || timer) return;
    timer = setTimeout(run, bundleMs);
    timer.unref();
  });
  // Stopped: no new pass starts, and the one in progress (it writes to the database) is waited for.
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
    return running;
  };
}
