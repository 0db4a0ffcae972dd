// npx tsx scripts/bench-freshness.ts [--trials 6]
// Filing-to-client freshness (issue 4 §3: under 30 s). A local EDGAR serves the recorded current
// feed; the ingest scheduler runs in-process at its default cadence against a scratch SQLite
// database; the product's WebSocket server fans events out from the bus. At a random moment a new
// 8-K of a tracked company is added to the feed, and the time until a WebSocket client subscribed to
// `signals` receives its new_signal is measured.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { isoDay } from '../lib/dates';
import { inProcessScratchDatabase } from './lib/bench';

const args = new Map(process.argv.slice(2).map((arg, index, all) => [arg, all[index + 1]]));
const trials = Number(args.get('--trials') ?? 6);

async function main() {
  delete process.env.SEC_FEED_INTERVAL_SECONDS;
  const scratch = await inProcessScratchDatabase('bench-freshness-', { INGEST_ENABLED: 'true', SEC_USER_AGENT: 'Freshness Benchmark bench@example.com' });

  const { db } = await import('../lib/db');
  const { MemoryBus } = await import('../lib/realtime/bus');
  const { createRealtimeServer } = await import('../lib/realtime/ws-server');
  const { websocketAccess } = await import('../lib/auth/websocket-access');
  const { entitledSessionCookie } = await import('./lib/bench-session');
  const { startScheduler } = await import('../lib/jobs/scheduler');
  const { ingestJobs } = await import('../lib/ingest/jobs');
  const { startReplayServer } = await import('../test/support/replay-server');
  const { atomHeaders, feedEntry, feedWith, readFixture, serveFiling } = await import('../test/support/edgar');

  // EDGAR: the recorded feed, with the entries added below on top.
  const edgar = await startReplayServer();
  const recordedFeed = readFixture('sec/current-feed/getcurrent.all-forms.2026-01-12.atom.xml');
  const added: string[] = [];
  edgar.routes.set('/cgi-bin/browse-edgar', () => ({ headers: atomHeaders, body: feedWith(recordedFeed, [...added].reverse()) }));
  process.env.SEC_BASE_URL = edgar.url;
  process.env.SEC_DATA_BASE_URL = edgar.url;
  const eightK = readFixture('sec/8-K/mstr-8k-0001193125-26-009811.htm');

  await db.company.create({
    data: { name: 'Strategy', ticker: 'MSTR', exchange: 'NASDAQ', source: 'bench', secCik: '0001050446', btcHoldings: 673_783, holdingsAsOf: new Date('2026-01-04T00:00:00Z') },
  });

  // The product's realtime stack on a plain HTTP server, as server.ts wires it.
  const bus = new MemoryBus();
  const realtime = createRealtimeServer({ bus, access: websocketAccess(db) });
  const server = http.createServer((_request, response) => response.end());
  server.on('upgrade', (request, socket, head) => realtime.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const arrivals = new Map<string, number>();
  const client = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie: await entitledSessionCookie(db) } });
  await new Promise<void>((resolve, reject) => {
    client.on('error', reject);
    client.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string; data?: { metadata?: { filingUrl?: string | null } } };
      if (message.type === 'connected') client.send(JSON.stringify({ type: 'subscribe', channel: 'signals' }));
      else if (message.type === 'subscribed') resolve();
      else if (message.type === 'new_signal') {
        const folder = /\/(\d{18})\//.exec(message.data?.metadata?.filingUrl ?? '')?.[1];
        if (folder && !arrivals.has(folder)) arrivals.set(folder, performance.now());
      }
    });
  });

  const jobs = ingestJobs({ bus }).filter((job) => job.name === 'ingest-sec-current');
  const cadence = jobs[0]?.everyMs ?? NaN;
  const log: string[] = [];
  const stopScheduler = startScheduler(db, (line) => log.push(line), jobs);
  console.log(`scheduler: ingest-sec-current every ${cadence / 1000} s (default cadence); ${trials} trials`);
  // Let the first tick read the recorded feed.
  await new Promise((resolve) => setTimeout(resolve, 3000));

  const latencies: number[] = [];
  const processing: number[] = [];
  for (let trial = 0; trial < trials; trial += 1) {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * cadence));
    const accession = `0001193125-26-9${String(Date.now() % 100_000).padStart(5, '0')}`;
    const folder = accession.replace(/-/g, '');
    serveFiling(edgar, {
      cik: '1050446',
      accession,
      form: '8-K',
      filedDate: isoDay(new Date()),
      documents: [{ name: 'mstr-8k.htm', type: '8-K', body: eightK }],
    });
    added.push(
      feedEntry({
        form: '8-K',
        companyName: 'Strategy Inc',
        cik: '0001050446',
        role: 'Filer',
        accession,
        updated: new Date().toISOString().replace(/\.\d+Z$/, '+00:00'),
        items: [{ number: '8.01', title: 'Other Events' }],
      }),
    );
    const publishedAt = performance.now();
    const deadline = publishedAt + 4 * cadence;
    while (!arrivals.has(folder) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const arrived = arrivals.get(folder);
    if (arrived === undefined) {
      console.log(`trial ${trial + 1}: no new_signal within ${(4 * cadence) / 1000} s`);
      continue;
    }
    latencies.push(arrived - publishedAt);
    // Split into the wait for the next poll and the work after it (feed, index, document, store, publish).
    const poll = edgar.requests.find((request) => request.path === '/cgi-bin/browse-edgar' && request.at >= publishedAt)?.at ?? publishedAt;
    processing.push(arrived - poll);
    console.log(
      `trial ${trial + 1}: filing ${accession} -> new_signal in ${((arrived - publishedAt) / 1000).toFixed(2)} s ` +
        `(${((poll - publishedAt) / 1000).toFixed(2)} s until the next poll, ${((arrived - poll) / 1000).toFixed(2)} s from poll to client)`,
    );
  }

  await stopScheduler();
  client.terminate();
  await realtime.close();
  await new Promise((resolve) => server.close(resolve));
  await edgar.close();
  await db.$disconnect();
  scratch.remove();

  latencies.sort((a, b) => a - b);
  const seconds = (ms: number | undefined) => (ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);
  const median = latencies.length ? (latencies[Math.floor((latencies.length - 1) / 2)]! + latencies[Math.ceil((latencies.length - 1) / 2)]!) / 2 : undefined;
  console.log(`filing -> new_signal over ${latencies.length}/${trials} trials: min ${seconds(latencies[0])}, median ${seconds(median)}, max ${seconds(latencies.at(-1))}`);
  processing.sort((a, b) => a - b);
  console.log(`poll -> new_signal (the ingest's own work): min ${seconds(processing[0])}, max ${seconds(processing.at(-1))}`);
  if (log.length) console.log(`scheduler log:\n  ${log.join('\n  ')}`);
  process.exit(latencies.length === trials && (latencies.at(-1) ?? Infinity) < 30_000 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
