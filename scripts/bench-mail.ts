// npx tsx scripts/bench-mail.ts [--subscribers 1000] [--trials 3]
// Alert mail latency (issue 16): N verified users each have an email alert rule on one company. A
// critical signal for it is stored the way ingest stores it (storeSignal: row, then critical_alert on
// the bus); the product's alert mailer (lib/notifications/alert-listener.ts) queues one mail per user
// and the queue sends them to a real SMTP server in this process. Printed: the time from the signal
// stored to each mail accepted by the server (p50 / p99 / max) and the send rate.
import { inProcessScratchDatabase, percentile } from './lib/bench';

const args = new Map(process.argv.slice(2).map((arg, index, all) => [arg, all[index + 1]]));
const subscribers = Number(args.get('--subscribers') ?? 1000);
const trials = Number(args.get('--trials') ?? 3);

async function main() {
  const { startSmtpServer } = await import('../test/support/mail/smtp-server');
  const smtp = await startSmtpServer();
  const scratch = await inProcessScratchDatabase('bench-mail-', { SMTP_URL: smtp.url, APP_URL: 'http://localhost:3000' });

  const { db } = await import('../lib/db');
  const { MemoryBus } = await import('../lib/realtime/bus');
  const { storeSignal } = await import('../lib/ingest/signals');
  const { startAlertMailer } = await import('../lib/notifications/alert-listener');
  const { closeMailTransport, mailIdle } = await import('../lib/mail/sender');

  const company = await db.company.create({
    data: { name: 'Strategy', ticker: 'MSTR', exchange: 'NASDAQ', source: 'bench', btcHoldings: 673_783, holdingsAsOf: new Date('2026-01-04T00:00:00Z') },
  });
  const verifiedAt = new Date();
  for (let start = 0; start < subscribers; start += 500) {
    const count = Math.min(500, subscribers - start);
    await db.user.createMany({
      data: Array.from({ length: count }, (_, index) => ({
        id: `bench-user-${start + index}`,
        email: `subscriber${start + index}@example.com`,
        firstName: 'Bench',
        lastName: `Subscriber ${start + index}`,
        passwordHash: 'not-a-password',
        emailVerifiedAt: verifiedAt,
      })),
    });
  }
  await db.alertRule.createMany({
    data: Array.from({ length: subscribers }, (_, index) => ({ userId: `bench-user-${index}`, kind: 'signal', companyId: company.id, delivery: 'email', createdAt: new Date(verifiedAt.getTime() - 1000) })),
  });

  const bus = new MemoryBus();
  const logged: string[] = [];
  const stop = startAlertMailer(db, bus, (line) => logged.push(line));
  console.log(`${subscribers} verified subscribers with an email alert rule on ${company.name}; SMTP server ${smtp.url}; ${trials} trials`);

  const latencies: number[] = [];
  const rates: number[] = [];
  for (let trial = 0; trial < trials; trial += 1) {
    const before = smtp.received.length;
    const storedAt = Date.now();
    await storeSignal(db, bus, {
      sourceId: `bench-${trial}-${storedAt}`,
      companyId: company.id,
      companyName: company.name,
      description: `Strategy acquired ${1000 + trial} BTC (bench trial ${trial + 1})`,
      source: 'SEC EDGAR 8-K',
      detectedAt: new Date(),
      confidence: 90,
      signalType: 'sec-filing',
      severity: 'critical',
      filingUrl: null,
      currentPrice: null,
      formType: '8-K',
      filedAt: new Date(),
      details: {},
    });
    const deadline = Date.now() + 120_000;
    while (smtp.received.length - before < subscribers && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const received = smtp.received.slice(before);
    if (received.length < subscribers) console.log(`trial ${trial + 1}: only ${received.length} of ${subscribers} mails within 120 s`);
    const accepted = received.map((mail) => mail.acceptedAt - storedAt).sort((a, b) => a - b);
    latencies.push(...accepted);
    const first = accepted[0]!;
    const last = accepted.at(-1)!;
    const rate = received.length / Math.max(0.001, (last - first) / 1000);
    rates.push(rate);
    console.log(
      `trial ${trial + 1}: ${received.length} mails; first accepted ${first} ms, p50 ${percentile(accepted, 50)} ms, p99 ${percentile(accepted, 99)} ms, last ${last} ms after the signal was stored; ${rate.toFixed(0)} mails/s`,
    );
    await mailIdle();
  }
  await stop();
  latencies.sort((a, b) => a - b);
  console.log(
    `\nsignal stored → mail accepted by SMTP (${latencies.length} mails): p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies.at(-1)} ms; send rate ${(rates.reduce((a, b) => a + b, 0) / rates.length).toFixed(0)} mails/s`,
  );
  const duplicates = smtp.received.length - new Set(smtp.received.map((mail) => `${mail.to[0]}|${/^Message-ID: (.*)$/m.exec(mail.raw)?.[1]}`)).size;
  console.log(`duplicates: ${duplicates}`);
  if (logged.length) console.log(logged.slice(0, 5).join('\n'));
  closeMailTransport();
  await smtp.close();
  await db.$disconnect();
  scratch.remove();
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
