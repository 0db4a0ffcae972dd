// A sender in a process of its own, for the test that kills it mid-queue: it delivers the queue to
// SMTP_URL and prints a line per message it has claimed.
import { createDb } from '../../../lib/db';
import { deliverQueuedEmails } from '../../../lib/mail/queue';
import { createMailTransport } from '../../../lib/mail/transport';

async function main() {
  const db = createDb();
  const transport = createMailTransport();
  const result = await deliverQueuedEmails(db, transport, { concurrency: 1 });
  process.stdout.write(`done ${JSON.stringify(result)}\n`);
  transport.close();
  await db.$disconnect();
}

void main();
