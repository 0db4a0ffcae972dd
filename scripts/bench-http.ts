// npm run bench:http [-- --duration 5 --connections 50 --ws-clients 300 --url http://host:port
//                       --database-url postgresql://… --redis-url redis://… --server dist|tsx --build]
// Issue 15: the hot polled reads against what the framework and bare Node serve, in the same run.
// Starts the production build (next build when there is none or with --build; dist/server.js, `npm start`'s process; --server tsx runs server.ts
// under the TypeScript loader instead) on a freshly seeded scratch SQLite database, or on the
// --database-url / --redis-url given (migrated and seeded first; the scheduler stays on, as in the
// demo), signs up a beta user (invitation cookie, then registration: the account is entitled) and,
// with autocannon at --connections, measures for each hot read:
//   app    the read through server.ts and Next, signed in (and again with If-None-Match of its ETag)
//   bare   a node:http server in its own process replaying the same status, headers and bytes
// and a static JS chunk through Next (/_next/static/…) as the framework's floor. It prints req/s,
// p50 and p99 and the ratios app/floor and app/bare against the issue's targets (≥ 0.5 of the floor
// with p99 ≤ 50 ms; stretch ≥ 0.25 of bare), the event-loop delay during the load of the server's two
// processes (HTTP, and the background process that serves /ws and runs the scheduler), their RSS after
// the runs (VmRSS each, their sum, and their PSS sum, which counts shared pages once; target ≤ 350 MB)
// and the WebSocket fan-out (--ws-clients subscribers of `signals` receiving a broadcast) while idle
// and while the HTTP load runs.
// Fan-out: the subscribers live in a child process of their own (`--ws-subscribers`), not beside
// autocannon, whose client saturates this process's event loop (real subscribers are other browsers).
// This process publishes each event on the bus of the server's background process, where the product's
// events originate (the scheduler), over a TCP connection the probe there opens to this process
// (scripts/bench-http-probe.cjs, BENCH_PROBE_ADDRESS): not through the HTTP process, whose event loop
// events no longer wait for. Each event is stamped with the wall clock (performance.timeOrigin + performance.now(), which both processes share);
// the subscribers' process stamps the receipt with the same clock, so a latency is publish → the
// subscriber's 'message' handler, and includes neither process's JSON work for other subscribers.
// --url benchmarks a server that is already running (no event-loop, RSS or fan-out figures unless it
// is one this script started). Exit code 0 whatever the figures: a benchmark, not a test.
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { ensureBuild, loadRun, signUp, startNodeOptions, staticChunk, type LoadRun } from './lib/bench';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
};
const flag = (name: string) => argv.includes(name);

const hotReads = [
  '/api/treasury/holdings',
  '/api/signals',
  '/api/dashboard/stats',
  '/api/data/latest',
  '/api/market-data',
  '/api/refresh/stats',
  '/api/health',
  '/api/beta/status',
];
const targets = { ofFloor: 0.5, p99Ms: 50, ofBare: 0.25, rssMb: 350 };

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Row {
  label: string;
  app: LoadRun;
  bare?: LoadRun;
}

// ---------------------------------------------------------------------------------------------
// Bare node:http replaying recorded responses: its own process, so it does not share a core with
// autocannon's client. `--bare-replay` is that child's mode of this file.

if (flag('--ws-subscribers')) {
  subscribersProcess();
} else if (flag('--bare-replay')) {
  process.once('message', (message: { responses: Record<string, { status: number; headers: Record<string, string>; body: string }> }) => {
    const responses = new Map(Object.entries(message.responses).map(([key, value]) => [key, { ...value, body: Buffer.from(value.body, 'base64') }]));
    const server = http.createServer((request, response) => {
      const conditional = request.headers['if-none-match'] ? ' 304' : '';
      const recorded = responses.get(`${request.url}${conditional}`) ?? responses.get(request.url ?? '');
      if (!recorded) return void response.writeHead(404).end();
      response.writeHead(recorded.status, recorded.headers);
      response.end(recorded.body);
    });
    server.keepAliveTimeout = 60_000;
    server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
  });
} else {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}

async function main() {
  const duration = Number(option('--duration') ?? 5);
  const bareDuration = Math.max(2, Math.round(duration * 0.6));
  const connections = Number(option('--connections') ?? 50);
  const wsClients = Number(option('--ws-clients') ?? 300);
  const serverKind = option('--server') ?? 'dist';
  const started = Date.now();

  const server = option('--url') ? undefined : await startServer(serverKind);
  const baseUrl = option('--url')?.replace(/\/$/, '') ?? server!.url;
  try {
    console.log(`Signing up a beta user at ${baseUrl}…`);
    const cookie = await signUp(baseUrl);
    // As a browser polls: signed in, and accepting a gzip-compressed body.
    const headers = { cookie, 'accept-encoding': 'gzip' };

    // Record every response first (the bare server replays exactly these).
    const recorded = new Map<string, Recorded>();
    for (const read of hotReads) {
      const first = await record(`${baseUrl}${read}`, headers);
      if (first.status !== 200) throw new Error(`${read} answered ${first.status}: ${first.body.toString().slice(0, 200)}`);
      recorded.set(read, first);
      const etag = first.headers.etag;
      if (etag) recorded.set(`${read} 304`, await record(`${baseUrl}${read}`, { ...headers, 'if-none-match': etag }));
    }
    const chunk = await staticChunk(baseUrl);
    recorded.set(chunk, await record(`${baseUrl}${chunk}`, {}));

    const bare = await startBare(recorded);
    const ws = server ? await openSubscribers(baseUrl, wsClients, cookie) : undefined;
    try {
      // Idle means idle: the scheduler's first runs of its jobs (metrics, prices) keep the background
      // process's loop busy for a while after the start, and would be measured as fan-out latency.
      const quietAfterMs = server ? await untilQuiet(server.background) : 0;
      const idleFanOut = ws ? await fanOut(server!, ws, 10, undefined) : undefined;
      await server?.resetLoop();

      const rows: Row[] = [];
      const measure = async (label: string, pathname: string, requestHeaders: Record<string, string>) => {
        const app = await load(`${baseUrl}${pathname}`, requestHeaders, connections, duration, ws && server ? () => fanOut(server, ws, Math.max(3, duration * 2), duration * 1000) : undefined);
        const bareRun = await load(`${bare.url}${pathname}`, requestHeaders, connections, bareDuration);
        await settle(baseUrl);
        rows.push({ label, app: app.run, bare: bareRun.run });
        if (app.fanOut) {
          busyFanOut.push(...app.fanOut.latencies);
          busyWaited.push(...app.fanOut.waited);
        }
        process.stdout.write('.');
      };
      const busyFanOut: number[] = [];
      const busyWaited: number[] = [];
      process.stdout.write(`Loading (${connections} connections, ${duration} s per app run, ${bareDuration} s per bare run)`);
      await measure(`floor: static chunk`, chunk, {});
      for (const read of hotReads) {
        await measure(`GET ${read}`, read, headers);
        const notModified = recorded.get(`${read} 304`);
        if (notModified) await measure(`GET ${read} (If-None-Match → ${notModified.status})`, read, { ...headers, 'if-none-match': recorded.get(read)!.headers.etag! });
      }
      console.log('');
      const loop = await server?.loop();
      const backgroundLoop = await server?.background.loop();
      const memory = server?.memory();

      printTable(rows, connections);
      console.log('');
      const delay = (figures: { p50: number; p99: number; max: number }) => `p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms`;
      if (loop) console.log(`server event-loop delay during the load: HTTP process ${delay(loop)}`);
      if (backgroundLoop) console.log(`                                    background process ${delay(backgroundLoop)}`);
      if (memory) {
        const pass = (mb: number) => (mb <= targets.rssMb ? 'pass' : 'FAIL');
        console.log(
          `server RSS after the runs: HTTP process ${memory.http.rss} MB + background process ${memory.background.rss} MB = ${memory.http.rss + memory.background.rss} MB ` +
            `(PSS, shared pages counted once: ${memory.http.pss + memory.background.pss} MB)  (target ≤ ${targets.rssMb} MB: ${pass(memory.http.rss + memory.background.rss)} for the RSS sum, ${pass(memory.http.rss)} for the HTTP process alone)`,
        );
      }
      if (idleFanOut && ws) {
        const busy = summary(busyFanOut);
        console.log(
          `WebSocket fan-out to ${ws.count} subscribers (idle measured once the background process's loop had a quiet second: waited ${(quietAfterMs / 1000).toFixed(1)} s): idle p50 ${idleFanOut.p50} ms, p99 ${idleFanOut.p99} ms (${idleFanOut.delivered}); ` +
            `under HTTP load p50 ${busy.p50} ms, p99 ${busy.p99} ms, max ${busy.max} ms over ${busyFanOut.length} deliveries`,
        );
        const [idleWait, busyWait] = [summary(idleFanOut.waited), summary(busyWaited)];
        console.log(`  of which before the background process's event loop took the event from the bench: idle p50 ${idleWait.p50} ms, p99 ${idleWait.p99} ms; under HTTP load p50 ${busyWait.p50} ms, p99 ${busyWait.p99} ms`);
      }
      console.log(`(${server ? `${serverKind === 'tsx' ? 'server.ts under tsx' : 'dist/server.js'}, ${server.database}, bus ${server.redis ? 'redis' : 'memory'}` : baseUrl}; ` + `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores; ${Math.round((Date.now() - started) / 1000)} s)`);
    } finally {
      ws?.child.kill();
      bare.child.kill();
    }
  } finally {
    await server?.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// The server under test

type Loop = { p50: number; p99: number; max: number };

interface StartedServer {
  url: string;
  database: string;
  redis: boolean;
  child: ChildProcess;
  /** The HTTP process's event-loop delay since the last resetLoop(). */
  loop(): Promise<Loop>;
  resetLoop(): Promise<void>;
  background: Probe;
  /** VmRSS and PSS of both processes, in MB. */
  memory(): { http: { rss: number; pss: number }; background: { rss: number; pss: number } };
  stop(): Promise<void>;
}

/** The probe in the background process, over the TCP connection it opened (JSON lines). */
interface Probe {
  pid: number;
  loop(): Promise<Loop>;
  resetLoop(): void;
  publish(event: unknown): void;
}

/** Where the background process's probe connects; resolves with the first connection that says hello. */
async function listenForProbe(): Promise<{ address: string; connected: Promise<Probe>; close: () => void }> {
  let resolveProbe: (probe: Probe) => void = () => {};
  const connected = new Promise<Probe>((resolve) => (resolveProbe = resolve));
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    socket.setNoDelay(true);
    const waiting: ((loop: Loop) => void)[] = [];
    let buffered = '';
    const send = (message: object) => socket.write(`${JSON.stringify(message)}\n`);
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const message = JSON.parse(buffered.slice(0, end)) as { hello?: { pid: number }; loop?: Loop };
        buffered = buffered.slice(end + 1);
        if (message.hello) {
          resolveProbe({
            pid: message.hello.pid,
            loop: () => new Promise((resolve) => (waiting.push(resolve), send({ loop: true }))),
            resetLoop: () => send({ resetLoop: true }),
            publish: (event) => send({ publish: event }),
          });
        }
        if (message.loop) waiting.shift()?.(message.loop);
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { address: `127.0.0.1:${port}`, connected, close: () => server.close() };
}


/** VmRSS and PSS (shared pages split between the processes mapping them) of a process, in MB. */
function processMemory(pid: number) {
  const read = (file: string, field: string) => {
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/${file}`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : NaN;
  };
  return { rss: read('status', 'VmRSS'), pss: read('smaps_rollup', 'Pss') };
}

async function startServer(kind: string): Promise<StartedServer> {
  ensureBuild({ rebuild: flag('--build'), server: kind === 'dist' });

  const port = Number(option('--port') ?? (Number(process.env.E2E_PORT_BASE ?? 3100) + 60));
  const databaseUrl = option('--database-url') ?? `file:${path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-http-')), 'demo.db')}`;
  const redisUrl = option('--redis-url') ?? '';
  const probeEndpoint = await listenForProbe();
  const env = {
    ...process.env,
    BENCH_PROBE_ADDRESS: probeEndpoint.address,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production' as const,
    NEXT_TELEMETRY_DISABLED: '1',
  };
  console.log(`Seeding ${databaseUrl.startsWith('file:') ? 'a scratch SQLite database' : 'the given database'}…`);
  execFileSync(process.execPath, [require.resolve('tsx/cli'), 'scripts/db.ts', 'setup'], { env, stdio: ['ignore', 'ignore', 'inherit'] });

  const probe = ['--require', path.join(__dirname, 'bench-http-probe.cjs')];
  // `npm start`'s command; --server tsx is the process as it was before issue 15.
  const args = kind === 'tsx' ? [...probe, '--import', 'tsx', 'server.ts'] : [...startNodeOptions(), ...probe, 'dist/server.js'];
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 90 s');
    const ok = await fetch(`${url}/api/health`).then((response) => response.ok, () => false);
    if (ok) break;
    await sleep(300);
  }
  const background = await Promise.race([probeEndpoint.connected, sleep(30_000).then(() => undefined)]);
  if (!background) throw new Error('the background process did not connect to the benchmark (BENCH_PROBE_ADDRESS) within 30 s');
  const ask = <T>(message: object, key: string) =>
    new Promise<T>((resolve) => {
      const onMessage = (answer: Record<string, T>) => {
        if (!(key in answer)) return;
        child.off('message', onMessage);
        resolve(answer[key]!);
      };
      child.on('message', onMessage);
      child.send(message);
    });
  return {
    url,
    database: databaseUrl.startsWith('file:') ? 'SQLite' : 'PostgreSQL',
    redis: !!redisUrl,
    child,
    loop: () => ask<Loop>({ loop: true }, 'loop'),
    resetLoop: async () => {
      child.send({ resetLoop: true });
      background.resetLoop();
    },
    background,
    memory: () => ({ http: processMemory(child.pid!), background: processMemory(background.pid) }),
    stop: () =>
      new Promise<void>((resolve) => {
        probeEndpoint.close();
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}


/** One GET with node:http, the body exactly as it came over the wire (gzip stays gzip), for the bare replay. */
function record(url: string, headers: Record<string, string>): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const replay: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined || ['transfer-encoding', 'content-length', 'connection', 'keep-alive', 'set-cookie'].includes(name)) continue;
            replay[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          if (response.statusCode !== 304) replay['content-length'] = String(body.length);
          resolve({ status: response.statusCode ?? 0, headers: replay, body });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}


async function startBare(recorded: Map<string, Recorded>) {
  const child = fork(__filename, ['--bare-replay'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const responses = Object.fromEntries([...recorded].map(([key, value]) => [key, { status: value.status, headers: value.headers, body: value.body.toString('base64') }]));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    child.send({ responses });
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

// ---------------------------------------------------------------------------------------------
// Load and fan-out

async function load(url: string, headers: Record<string, string>, connections: number, seconds: number, during?: () => Promise<FanOut>) {
  const running = loadRun(url, headers, connections, seconds);
  const fanOutDuring = during?.();
  return { run: await running, fanOut: await fanOutDuring };
}

/** Milliseconds on the wall clock, sub-millisecond: comparable between this process and its children. */
function wallClock() {
  return performance.timeOrigin + performance.now();
}

interface Subscribers {
  count: number;
  child: ChildProcess;
  /** Every delivery of rounds ≥ `fromRound`, once all `expected` arrived or after 5 s. */
  collect(fromRound: number, expected: number): Promise<Delivery[]>;
}

/** A subscriber's latency, and the part of it before the background process's event loop took the event from the bench. */
interface Delivery {
  latency: number;
  waited: number;
}

type SubscriberRequest = { open: { url: string; count: number; cookie: string } } | { collect: { id: number; fromRound: number; expected: number } };

/** `--ws-subscribers`: the child that holds the WebSocket subscribers and stamps each delivery. */
function subscribersProcess() {
  const received: (Delivery & { round: number })[] = [];
  process.on('message', (message: SubscriberRequest) => {
    if ('open' in message) {
      void open(message.open.url, message.open.count, message.open.cookie).then(
        () => process.send?.({ opened: message.open.count }),
        (error: unknown) => process.send?.({ failed: String(error) }),
      );
    } else if ('collect' in message) {
      const { id, fromRound, expected } = message.collect;
      const deadline = Date.now() + 5_000;
      const check = () => {
        const deliveries = received.filter((entry) => entry.round >= fromRound).map(({ latency, waited }) => ({ latency, waited }));
        if (deliveries.length >= expected || Date.now() > deadline) {
          // What a round before `fromRound` left is not asked for again.
          for (let index = received.length - 1; index >= 0; index -= 1) if (received[index]!.round < fromRound) received.splice(index, 1);
          process.send?.({ collected: { id, deliveries } });
        } else setTimeout(check, 20);
      };
      check();
    }
  });
  const sockets: WebSocket[] = [];
  process.once('disconnect', () => {
    sockets.forEach((socket) => socket.terminate());
    process.exit(0);
  });
  async function open(url: string, count: number, cookie: string) {
    for (let start = 0; start < count; start += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, count - start) }, () => {
          // /ws serves entitled sessions only, as the data APIs do.
          const socket = new WebSocket(url, { headers: { cookie } });
          sockets.push(socket);
          return new Promise<void>((resolve, reject) => {
            socket.on('error', reject);
            socket.on('message', (raw) => {
              // Stamped before parsing: the parse of this message is the subscriber's work, not the server's.
              const at = wallClock();
              const message = JSON.parse(raw.toString()) as { type: string; data?: { benchSentAt?: number; benchReceivedAt?: number; round?: number } };
              if (message.type === 'connected') socket.send(JSON.stringify({ type: 'subscribe', channel: 'signals' }));
              else if (message.type === 'subscribed') resolve();
              else if (message.type === 'new_signal' && message.data?.benchSentAt) {
                const { benchSentAt, benchReceivedAt = benchSentAt, round = -1 } = message.data;
                received.push({ round, latency: at - benchSentAt, waited: benchReceivedAt - benchSentAt });
              }
            });
          });
        }),
      );
    }
  }
}

async function openSubscribers(baseUrl: string, count: number, cookie: string): Promise<Subscribers> {
  const child = fork(__filename, ['--ws-subscribers'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', (message: { opened?: number; failed?: string }) => (message.failed ? reject(new Error(`subscribers: ${message.failed}`)) : resolve()));
    child.once('exit', (code) => reject(new Error(`the subscribers' process exited with ${code}`)));
    child.send({ open: { url: `${baseUrl.replace(/^http/, 'ws')}/ws`, count, cookie } } satisfies SubscriberRequest);
  });
  let nextId = 0;
  return {
    count,
    child,
    collect: (fromRound, expected) =>
      new Promise((resolve) => {
        const id = nextId++;
        const onMessage = (message: { collected?: { id: number; deliveries: Delivery[] } }) => {
          if (message.collected?.id !== id) return;
          child.off('message', onMessage);
          resolve(message.collected.deliveries);
        };
        child.on('message', onMessage);
        child.send({ collect: { id, fromRound, expected } } satisfies SubscriberRequest);
      }),
  };
}

interface FanOut {
  latencies: number[];
  waited: number[];
  p50: number;
  p99: number;
  delivered: string;
}

let fanOutRound = 0;

/** Publishes `events` broadcasts on the background process's bus, spread over `spreadMs`; each subscriber's latency. */
async function fanOut(server: StartedServer, subscribers: Subscribers, events: number, spreadMs = events * 200): Promise<FanOut> {
  const firstRound = fanOutRound;
  for (let index = 0; index < events; index += 1) {
    // A signal-shaped event, so listeners of the bus treat it as they would a real one.
    server.background.publish({ type: 'new_signal', data: { id: `bench-${fanOutRound}`, benchSentAt: wallClock(), round: fanOutRound++ } });
    await sleep(spreadMs / events);
  }
  const deliveries = await subscribers.collect(firstRound, events * subscribers.count);
  const tenths = (ms: number) => Math.round(ms * 10) / 10;
  const latencies = deliveries.map((delivery) => tenths(delivery.latency));
  const waited = deliveries.map((delivery) => tenths(delivery.waited));
  return { latencies, waited, ...summary(latencies), delivered: `${latencies.length}/${events * subscribers.count} delivered` };
}

/**
 * Requests autocannon abandoned at the end of a run may still be in the server's queue: wait until a
 * lone health check answers quickly (at most 15 s), so the next row measures its own endpoint.
 */
async function settle(baseUrl: string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    const ok = await fetch(`${baseUrl}/api/health`).then((response) => (void response.arrayBuffer(), response.ok), () => false);
    if (ok && performance.now() - started < 250) return;
    await sleep(250);
  }
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : NaN);
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

// ---------------------------------------------------------------------------------------------
// Report

function printTable(rows: Row[], connections: number) {
  const floor = rows[0]!.app;
  const header = ['', 'app req/s', 'p50', 'p99', 'bare req/s', 'p50', 'p99', 'app/floor', 'app/bare', `≥${targets.ofFloor} floor & p99 ≤${targets.p99Ms}ms`, `stretch ≥${targets.ofBare} bare`];
  const lines = rows.map((row, index) => {
    const ofFloor = row.app.rps / floor.rps;
    const ofBare = row.bare ? row.app.rps / row.bare.rps : NaN;
    const failed = row.app.non2xx + row.app.errors;
    const ok = failed === 0 || row.app.statuses.split(' ').every((part) => part.startsWith('304×') || part.startsWith('200×'));
    return [
      `${row.label}${ok ? '' : ` [${row.app.statuses}${row.app.errors ? ` errors×${row.app.errors}` : ''}]`}`,
      String(row.app.rps),
      `${row.app.p50}`,
      `${row.app.p99}`,
      row.bare ? String(row.bare.rps) : '',
      row.bare ? `${row.bare.p50}` : '',
      row.bare ? `${row.bare.p99}` : '',
      index === 0 ? '1' : ofFloor.toFixed(2),
      ofBare.toFixed(2),
      index === 0 ? '' : ofFloor >= targets.ofFloor && row.app.p99 <= targets.p99Ms && ok ? 'pass' : 'FAIL',
      index === 0 ? '' : ofBare >= targets.ofBare && ok ? 'pass' : 'fail',
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(`\n${connections} connections; latencies in ms; floor = a static JS chunk through Next`);
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

/** Waits (up to a minute) for a second in which `probe`'s event loop was never held up over 30 ms; how long it waited. */
async function untilQuiet(probe: Probe): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    probe.resetLoop();
    await sleep(1000);
    if ((await probe.loop()).max <= 30) break;
  }
  return Date.now() - started;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
