// npm run bench:cluster [-- --clients 5000 --signals 200 --rate 20 --users 1000 --read-rate 100 --client-threads 4 --warm-up 3
//                          --database-url postgresql://… --redis-url redis://… --port 4200 --build --ws-via-proxy --ws-via-http
//                          --js-clients]
// Issue 29 §6, "two instances behind a proxy": starts two production instances (dist/server.js,
// `npm start`'s process, each with its background process serving /ws) on one PostgreSQL and one Redis,
// and a round-robin proxy in front of them (scripts/bench-cluster-proxy.ts) for HTTP. The instances share
// one REALTIME_PORT, as docs/operations.md describes for the instances of one host: the kernel spreads the
// sockets over them (--ws-via-proxy: /ws through the proxy to each instance's own REALTIME_PORT;
// --ws-via-http: through the proxy to each one's HTTP port). It opens --clients WebSockets (in one native
// process, scripts/bench-cluster-clients.c, built with the machine's C compiler; with --js-clients or
// without a compiler, in --client-threads worker threads, scripts/bench-cluster-clients.ts), each with its
// own entitled session (--users users, so one user holds several), subscribed to signals; drives a paced mix of the
// dashboard's reads through the proxy; after --warm-up seconds of that and of signals nobody times,
// and once the clients have read them all, publishes --signals new_signal events at --rate per second
// through the product's Redis bus, keeping the id each publish got back. Halfway through, one instance
// is killed (SIGKILL to the server and its socket child) and a third one is started; once every client
// is back and the third one serves, the second instance gets SIGTERM (taken out of the proxy first, as
// a rolling deploy does). The clients behave as lib/realtime/client.ts does: after a close they
// reconnect 3 s later, or within a second after a 1012 (service restart), subscribing with the newest
// event id they hold.
// It prints, one line each: requests and errors (those to the killed instance before the proxy noticed
// apart), alerts expected / delivered / duplicated against the publisher's ids, fan-out p50/p99 of the
// live deliveries, the time until every client is back after the kill and after the SIGTERM, each
// instance's RSS (server plus socket child), the CPU of each process in the burst, the machine's
// loopback floor (measured first, scripts/bench-cluster-floor.ts); and last
// `bench:cluster lost=… duplicated=… fanout_p99_ms=… reconnect_s=… failed_healthy=… rss_max_mb=…`.
// Exit code 0 whatever the figures: a benchmark, not a test.
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { benchServerEnv, ensureBenchDatabase, ensureBuild, percentile, startNodeOptions, tallyDeliveries, waitForServer } from './lib/bench';
import type { FromProxy, ToProxy } from './bench-cluster-proxy';
import { measureLoopbackFloor } from './bench-cluster-floor';
import { createClientSlots, resumingMs, warmUpBench, type BenchClients, type ClientsWorkerData, type FromClients, type ToClients } from './bench-cluster-clients';
import { buildNativeClients, startNativeClients } from './bench-cluster-native';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
};

const clientCount = Number(option('--clients') ?? 5_000);
const signalCount = Number(option('--signals') ?? 200);
const rate = Number(option('--rate') ?? 20);
const userCount = Number(option('--users') ?? Math.max(1, Math.ceil(clientCount / 5)));
const readRate = Number(option('--read-rate') ?? 100);
const databaseUrl = option('--database-url') ?? 'postgresql://postgres@127.0.0.1:5432/bench_cluster';
const redisUrl = option('--redis-url') ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const basePort = Number(option('--port') ?? process.env.E2E_PORT_BASE ?? 4200);
/**
 * How the clients reach /ws: `shared`, the REALTIME_PORT all instances listen on (the kernel picks one);
 * `proxy`, through the proxy to each instance's own REALTIME_PORT; `http`, through the proxy to each
 * instance's HTTP port (server.ts hands each socket to its background process).
 */
const wsRoute: 'shared' | 'proxy' | 'http' = argv.includes('--ws-via-http') ? 'http' : argv.includes('--ws-via-proxy') ? 'proxy' : 'shared';
const wsRouteLabel = { shared: 'on the REALTIME_PORT the instances share', proxy: "through the proxy to each instance's REALTIME_PORT", http: "through the proxy to each instance's HTTP port" }[wsRoute];
const clientThreads = Math.max(1, Number(option('--client-threads') ?? 4));
/**
 * Seconds of the read load and of signals at --rate that nobody counts, between the clients' subscribe
 * and the burst: the instances' first requests load their routes and compile their hot paths, and a
 * product serving subscribers has done that long before a large adopter files.
 */
const warmUpSeconds = Math.max(0, Number(option('--warm-up') ?? 3));

const targets = { lost: 0, duplicated: 0, fanoutP99Ms: 200, reconnectS: 8, failedHealthy: 0, rssMb: 450 };
/** The dashboard's polled reads, through the proxy in turn. */
const readPaths = ['/api/health', '/api/signals', '/api/dashboard/stats', '/api/treasury/holdings', '/api/market-data', '/api/signals?severity=critical'];
const runId = randomBytes(4).toString('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const verdict = (pass: boolean) => (pass ? 'pass' : 'FAIL');
const seconds = (ms: number) => (ms / 1000).toFixed(1);

// ---------------------------------------------------------------------------------------------
// Instances

interface Instance {
  name: string;
  port: number;
  /** Where its background process serves /ws itself (REALTIME_PORT; the same for all with the shared route); undefined with --ws-via-http. */
  realtimePort?: number;
  child: ChildProcess;
  /** Peak RSS in MB (server + socket child) while it served, the open tunnels then, and in the steady phase. */
  peak: { mb: number; serverMb: number; childMb: number; sockets: number };
  steadyPeakMb: number;
}

const instances: Instance[] = [];
const sharedRealtimePort = basePort + 100;
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cluster-'));

function startInstance(name: string, port: number, secret: string): Instance {
  const log = fs.openSync(path.join(logDir, `${name}.log`), 'a');
  const realtimePort = { shared: sharedRealtimePort, proxy: port + 100, http: undefined }[wsRoute];
  const env = { ...benchServerEnv(databaseUrl, port), REDIS_URL: redisUrl, NEXTAUTH_SECRET: secret, REALTIME_PORT: realtimePort ? String(realtimePort) : '' };
  // Its own process group: the kill takes the socket child with it, as a machine or container going away would.
  const child = spawn(process.execPath, [...startNodeOptions(), 'dist/server.js'], { env, stdio: ['ignore', log, log], detached: true });
  const instance = { name, port, realtimePort, child, peak: { mb: 0, serverMb: 0, childMb: 0, sockets: 0 }, steadyPeakMb: 0 };
  instances.push(instance);
  return instance;
}

function stopInstance(instance: Instance): Promise<void> {
  return new Promise((resolve) => {
    const { child } = instance;
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => killGroup(child), 15_000);
    child.once('exit', () => (clearTimeout(kill), resolve()));
    child.kill('SIGTERM');
  });
}

function killGroup(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU time of a process (user + system), in clock ticks. */
function cpuTicks(pid: number): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** The machine's busy and total clock ticks over all cores. */
function machineTicks(): { busy: number; total: number } {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const ticks = values.map(Number);
  const idle = ticks[3]! + ticks[4]!;
  const total = ticks.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/**
 * How often the kernel so far dropped a handshake because a listening socket's accept queue was full
 * (Linux's TcpExt ListenOverflows: any port on the machine, and a retried SYN dropped again counts again).
 */
function listenOverflows(): number {
  const lines = fs.readFileSync('/proc/net/netstat', 'utf8').split('\n').filter((line) => line.startsWith('TcpExt:'));
  const [names, values] = lines.map((line) => line.trim().split(/\s+/));
  const index = names?.indexOf('ListenOverflows') ?? -1;
  return index > 0 ? Number(values?.[index] ?? 0) : 0;
}

function childPids(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Proxy

let proxyBackends: Extract<FromProxy, { type: 'backends' }>['backends'] = [];

async function startProxy(port: number): Promise<{ child: ChildProcess; send: (message: ToProxy) => void }> {
  const child = fork(path.join(__dirname, 'bench-cluster-proxy.ts'), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_PROXY_PORT: String(port) } });
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: FromProxy) => {
      if (message.type === 'listening') resolve();
      else proxyBackends = message.backends;
    });
    child.once('exit', (code) => reject(new Error(`the proxy exited with ${code}`)));
  });
  return { child, send: (message) => child.send(message) };
}

/** Each instance's open sockets as its /api/health reports them to a signed-in user (the shared route; refreshed every 250 ms, at most a second old). */
const reportedSockets = new Map<string, number>();
const tunnelsOf = (name: string) => (wsRoute === 'shared' ? (reportedSockets.get(name) ?? 0) : (proxyBackends.find((backend) => backend.name === name)?.tunnels ?? 0));

function pollReportedSockets(cookie: string): () => void {
  const poll = () =>
    Promise.all(
      instances.map(async (instance) => {
        if (instance.child.exitCode !== null || instance.child.signalCode !== null) return void reportedSockets.set(instance.name, 0);
        const count = await fetch(`http://127.0.0.1:${instance.port}/api/health`, { headers: { cookie } })
          .then((answer) => answer.json() as Promise<{ websocket?: { clients?: number } }>)
          .then((body) => body.websocket?.clients ?? 0)
          // An instance that does not answer (busy, or shutting down) holds what it last said it held.
          .catch(() => reportedSockets.get(instance.name) ?? 0);
        reportedSockets.set(instance.name, count);
      }),
    );
  const timer = setInterval(() => void poll(), 250);
  return () => clearInterval(timer);
}
const inRotation = (name: string) => proxyBackends.some((backend) => backend.name === name && backend.up && !backend.drained);

// ---------------------------------------------------------------------------------------------
// WebSocket clients: one native process (scripts/bench-cluster-native.ts), or with --js-clients (or no C
// compiler) worker threads (scripts/bench-cluster-clients.ts)

function startClients(url: string, cookies: string[]): BenchClients {
  const binary = argv.includes('--js-clients') ? undefined : buildNativeClients(logDir);
  return binary ? startNativeClients(binary, url, cookies, runId, logDir) : startClientThreads(url, cookies);
}

function startClientThreads(url: string, cookies: string[]): BenchClients {
  const slots = createClientSlots(cookies.length);
  const share = Math.ceil(cookies.length / clientThreads);
  const workers: Worker[] = [];
  for (let first = 0; first < cookies.length; first += share) {
    const workerData: ClientsWorkerData = { url, cookies: cookies.slice(first, first + share), first, runId, slots };
    workers.push(new Worker(path.join(__dirname, 'bench-cluster-clients.ts'), { workerData }));
  }
  const ask = <T extends FromClients['type']>(worker: Worker, message: ToClients, answer: T) =>
    new Promise<Extract<FromClients, { type: T }>>((resolve, reject) => {
      const onMessage = (reply: FromClients) => {
        if (reply.type !== answer) return;
        worker.off('message', onMessage);
        resolve(reply as Extract<FromClients, { type: T }>);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.postMessage(message);
    });
  return {
    slots,
    label: `${workers.length} worker threads`,
    setSteady: (steady) => void (slots.phase[0] = steady ? 1 : 0),
    async open() {
      await Promise.all(workers.map((worker) => ask(worker, { type: 'open' }, 'opened')));
    },
    async stop() {
      const reports = await Promise.all(workers.map((worker) => ask(worker, { type: 'stop' }, 'report')));
      return {
        ids: reports.flatMap((report) => report.ids),
        latencies: reports.flatMap((report) => report.latencies),
        numbers: reports.flatMap((report) => report.numbers),
        resuming: reports.flatMap((report) => report.resuming),
        steadyLatencies: reports.flatMap((report) => report.steadyLatencies),
        loopDelayP99Ms: Math.max(...reports.map((report) => report.loopDelayP99Ms)),
      };
    },
    async terminate() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

async function waitFor(predicate: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Read load through the proxy

interface ReadTally {
  requests: number;
  ok: number;
  /** Answered 502 by the proxy because the killed instance did not answer, before the proxy took it out. */
  toKilled: number;
  /** Everything else that was not a 2xx: failures of healthy instances (or of the proxy with none left). */
  failedHealthy: number;
  failures: Map<string, number>;
}

const readAgent = new http.Agent({ keepAlive: true });

/** A GET as a browser sends it (compressed answers accepted), its body read but not decompressed: the client's work is not what is measured. */
function get(url: string, cookie: string, retry = true): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: readAgent, headers: { cookie, 'accept-encoding': 'gzip, br' } }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers }));
      answer.on('error', reject);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the proxy closed as it was reused: the request never left, a browser sends it again.
      if (retry && request.reusedSocket && error.code === 'ECONNRESET') get(url, cookie, false).then(resolve, reject);
      else reject(error);
    });
  });
}

function startReadLoad(proxyUrl: string, cookie: string, killed: { name?: string; at?: number }) {
  const tally: ReadTally = { requests: 0, ok: 0, toKilled: 0, failedHealthy: 0, failures: new Map() };
  const loops = Math.max(1, Math.ceil(readRate / 10));
  const periodMs = (1000 * loops) / readRate;
  let running = true;
  const fail = (reason: string) => tally.failures.set(reason, (tally.failures.get(reason) ?? 0) + 1);
  const loop = async (offset: number) => {
    await sleep((offset * periodMs) / loops);
    for (let index = offset; running; index += loops) {
      const started = Date.now();
      tally.requests += 1;
      try {
        const answer = await get(`${proxyUrl}${readPaths[index % readPaths.length]}`, cookie);
        const backend = answer.headers['x-bench-backend'];
        if (answer.status >= 200 && answer.status < 300) tally.ok += 1;
        else if (answer.headers['x-bench-failure'] === 'upstream' && backend === killed.name && Date.now() >= killed.at!) tally.toKilled += 1;
        else {
          tally.failedHealthy += 1;
          fail(`${answer.status} from ${backend ?? 'the proxy'}`);
        }
      } catch (error) {
        tally.failedHealthy += 1;
        fail(error instanceof Error ? error.message : String(error));
      }
      await sleep(Math.max(0, periodMs - (Date.now() - started)));
    }
  };
  const done = Promise.all(Array.from({ length: loops }, (_, offset) => loop(offset)));
  return {
    tally,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

// ---------------------------------------------------------------------------------------------

/** Sessions written straight into the database, `clientCount` of them over `userCount` entitled beta users. */
async function createSessions(): Promise<string[]> {
  process.env.DATABASE_URL = databaseUrl;
  // The script's own Prisma client announces its writes to nobody.
  process.env.REDIS_URL = '';
  const { db } = await import('../lib/db');
  const { applyMigrations } = await import('../lib/db/migrate');
  const { encodeSessionToken } = await import('../lib/auth/session-token');
  const { sessionCookieName, sessionMaxAgeSeconds } = await import('../lib/http/cookies');
  await ensureBenchDatabase(databaseUrl);
  await applyMigrations(databaseUrl);
  const users = await db.user.createManyAndReturn({
    data: Array.from({ length: userCount }, (_, index) => ({
      email: `bench.cluster.${runId}.${index}@example.com`,
      firstName: 'Bench',
      lastName: 'Cluster',
      // No password: nobody signs in as these users; their sessions are their only way in.
      passwordHash: '!',
      betaAccess: true,
    })),
    select: { id: true },
  });
  const expiresAt = new Date(Date.now() + sessionMaxAgeSeconds * 1000);
  const sessions = await db.session.createManyAndReturn({
    data: Array.from({ length: clientCount }, (_, index) => ({ userId: users[index % users.length]!.id, expiresAt, userAgent: 'bench:cluster', ip: null })),
    select: { id: true, userId: true },
  });
  const cookies = await Promise.all(sessions.map(async ({ id, userId }) => `${sessionCookieName(false)}=${await encodeSessionToken({ sub: userId, sid: id })}`));
  return cookies;
}

async function removeSessions() {
  const { db } = await import('../lib/db');
  await db.session.deleteMany({ where: { user: { email: { startsWith: `bench.cluster.${runId}.` } } } }).catch(() => undefined);
  await db.user.deleteMany({ where: { email: { startsWith: `bench.cluster.${runId}.` } } }).catch(() => undefined);
  await db.$disconnect();
}

function checkFileLimit() {
  const limit = Number(execFileSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
  // Through the proxy, it holds both ends of every socket; the instance taking over holds them all.
  const needed = clientCount * 2 + 1_000;
  if (Number.isFinite(limit) && limit < needed) {
    throw new Error(`The open-file limit is ${limit}; ${clientCount} clients need about ${needed} (the proxy holds both ends of each socket). Raise it (ulimit -n ${needed}) or run fewer --clients.`);
  }
  return limit;
}

/** What the publisher sends: the clients read bench, n and sentAt, which come first. */
const signal = (bench: string, n: number) => ({ bench, n, sentAt: Date.now(), id: `bench-${bench}-${n}`, companyName: 'Bench Treasury Corp', signalType: 'purchase', severity: 'medium', description: 'Synthetic signal published by bench:cluster.', source: 'bench' });

async function main() {
  const started = Date.now();
  const fileLimit = checkFileLimit();
  ensureBuild({ rebuild: argv.includes('--build'), server: true });
  // Before anything else runs: one instance's share of the sockets, each sent a frame of a signal's size.
  const frameBytes = 4 + Buffer.byteLength(JSON.stringify({ type: 'new_signal', channel: 'signals', data: signal(runId, signalCount), id: `${Date.now()}-0` }));
  console.log('Measuring what a loopback socket write and read cost on this machine…');
  const floor = await measureLoopbackFloor({ sockets: Math.ceil(clientCount / 2), frameBytes });
  // One secret for the sessions written here and the instances that read them.
  const secret = process.env.NEXTAUTH_SECRET?.trim() || randomBytes(32).toString('base64');
  process.env.NEXTAUTH_SECRET = secret;
  console.log(`Creating ${clientCount} sessions for ${userCount} users…`);
  const cookies = await createSessions();

  const proxyPort = basePort;
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const proxy = await startProxy(proxyPort);
  const clients = startClients(wsRoute === 'shared' ? `ws://127.0.0.1:${sharedRealtimePort}/ws` : `ws://127.0.0.1:${proxyPort}/ws`, cookies);
  const { slots } = clients;
  const stopPolling = wsRoute === 'shared' ? pollReportedSockets(cookies[0]!) : () => undefined;
  const stopAll = async () => {
    stopPolling();
    await clients.terminate();
    proxy.send({ type: 'stop' });
    await Promise.all(instances.map(stopInstance));
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));

  try {
    console.log('Starting instances A and B…');
    const [a, b] = [startInstance('A', basePort + 1, secret), startInstance('B', basePort + 2, secret)];
    await Promise.all([a, b].map((instance) => waitForServer(instance.child, `http://127.0.0.1:${instance.port}`, 180_000)));
    for (const instance of [a, b]) proxy.send({ type: 'add', name: instance.name, port: instance.port, realtimePort: instance.realtimePort });
    await waitFor(() => inRotation('A') && inRotation('B'), 10_000);

    let steady = false;
    const setSteady = (value: boolean) => void ((steady = value), clients.setSteady(value));
    // CPU time per process while the signals go out, by role.
    let bursting = false;
    const cpu = new Map<string, number>();
    const lastTicks = new Map<number, number>();
    const processes = () => {
      const list: [string, number | undefined][] = [
        ...(clients.pid ? [['orchestrator', process.pid] as [string, number], ['clients', clients.pid] as [string, number]] : [['clients', process.pid] as [string, number]]),
        ['proxy', proxy.child.pid],
      ];
      for (const instance of instances) {
        if (!instance.child.pid) continue;
        list.push([`${instance.name} server`, instance.child.pid]);
        for (const child of childPids(instance.child.pid)) list.push([`${instance.name} socket child`, child]);
      }
      return list;
    };
    const sampleCpu = () => {
      for (const [label, pid] of processes()) {
        const ticks = pid && cpuTicks(pid);
        if (!pid || ticks === undefined) continue;
        const last = lastTicks.get(pid);
        if (bursting && last !== undefined) cpu.set(label, (cpu.get(label) ?? 0) + ticks - last);
        lastTicks.set(pid, ticks);
      }
    };
    const sampler = setInterval(() => {
      sampleCpu();
      for (const instance of instances) {
        const { pid } = instance.child;
        if (!pid || instance.child.exitCode !== null || instance.child.signalCode !== null) continue;
        const serverMb = rssMb(pid);
        const childMb = childPids(pid).reduce((sum, child) => sum + rssMb(child), 0);
        const mb = serverMb + childMb;
        if (mb > instance.peak.mb) instance.peak = { mb, serverMb, childMb, sockets: tunnelsOf(instance.name) };
        if (steady) instance.steadyPeakMb = Math.max(instance.steadyPeakMb, mb);
      }
    }, 500);

    const allSubscribed = () => slots.subscribed.every((flag) => flag === 1);
    console.log(`Connecting ${clientCount} WebSocket clients ${wsRouteLabel} (${clients.label})…`);
    const connectStarted = Date.now();
    await clients.open();
    if (!(await waitFor(allSubscribed, 30_000))) throw new Error(`only ${slots.subscribed.filter((flag) => flag === 1).length} of ${clientCount} clients subscribed`);
    // The sockets' counts as the proxy or the instances report them catch up.
    await sleep(1_200);
    console.log(`  subscribed in ${seconds(Date.now() - connectStarted)} s: A holds ${tunnelsOf('A')} sockets, B ${tunnelsOf('B')}`);
    setSteady(true);

    const killed: { name?: string; at?: number; overflowsBefore?: number } = {};
    const load = startReadLoad(proxyUrl, cookies[0]!, killed);

    const { RedisBus } = await import('../lib/realtime/bus');
    const bus = new RedisBus(redisUrl);
    await bus.whenReady();
    if (warmUpSeconds > 0) {
      const warmUpCount = Math.round(warmUpSeconds * rate);
      console.log(`Warming up for ${warmUpSeconds} s: the read load and ${warmUpCount} signals the clients receive and do not count…`);
      const warmUpStart = Date.now();
      for (let n = 0; n < warmUpCount; n += 1) {
        const due = warmUpStart + (n * 1000) / rate;
        if (due > Date.now()) await sleep(due - Date.now());
        await bus.publish({ type: 'new_signal', data: signal(warmUpBench(runId), n) });
      }
      // The burst starts from empty queues: what the warm-up left behind is not timed as the burst's.
      const drained = await waitFor(() => Atomics.load(slots.warmUpReceived, 0) >= warmUpCount * clientCount, 30_000);
      console.log(`  the clients had read every warm-up signal ${seconds(Date.now() - warmUpStart)} s after the first was sent${drained ? '' : ` (only ${Atomics.load(slots.warmUpReceived, 0)} of ${warmUpCount * clientCount} within 30 s)`}`);
      await sleep(1000 / rate);
    }
    const publishedIds: (string | undefined)[] = [];
    const publishes: Promise<unknown>[] = [];
    let c: Instance | undefined;
    let cReady: Promise<void> | undefined;
    console.log(`Publishing ${signalCount} signals at ${rate}/s; SIGKILL to A after ${Math.floor(signalCount / 2)}…`);
    sampleCpu();
    bursting = true;
    const machineBefore = machineTicks();
    const burstStart = Date.now();
    for (let n = 0; n < signalCount; n += 1) {
      const due = burstStart + (n * 1000) / rate;
      if (due > Date.now()) await sleep(due - Date.now());
      if (n === Math.floor(signalCount / 2)) {
        setSteady(false);
        killed.name = 'A';
        killed.at = Date.now();
        killed.overflowsBefore = listenOverflows();
        killGroup(a.child);
        c = startInstance('C', basePort + 3, secret);
        const started = c;
        cReady = waitForServer(started.child, `http://127.0.0.1:${started.port}`, 180_000).then(() => proxy.send({ type: 'add', name: started.name, port: started.port, realtimePort: started.realtimePort }));
      }
      publishes.push(bus.publish({ type: 'new_signal', data: signal(runId, n) }).then((id) => (publishedIds[n] = id)));
    }
    await Promise.all(publishes);
    const burstSeconds = (Date.now() - burstStart) / 1000;
    // The last deliveries of the burst.
    await sleep(1_000);
    sampleCpu();
    bursting = false;
    const machineAfter = machineTicks();
    const cpuSeconds = (Date.now() - burstStart) / 1000;
    const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    const cores = os.cpus().length;
    const machineBusy = (machineAfter.busy - machineBefore.busy) / ((machineAfter.total - machineBefore.total) / cores);
    const ours = [...cpu.values()].reduce((sum, ticks) => sum + ticks, 0) / ticksPerSecond / cpuSeconds;
    const cpuLine =
      `cpu in the burst (cores busy of ${cores}): machine ${machineBusy.toFixed(2)}, this benchmark's processes ${ours.toFixed(2)} — ` +
      [...cpu].map(([label, ticks]) => `${label} ${(ticks / ticksPerSecond / cpuSeconds).toFixed(2)}`).join(', ');
    const killAt = killed.at!;
    const droppedSince = (at: number) => [...slots.lostAt.keys()].filter((index) => slots.lostAt[index]! >= at);

    await cReady;
    await waitFor(() => inRotation('C'), 10_000);
    const backAfterKill = await waitFor(allSubscribed, 60_000);
    const killDropped = droppedSince(killAt);
    const killBack = killDropped.map((index) => slots.backAt[index]! - killAt).sort((x, y) => x - y);
    const killLost = killDropped.map((index) => slots.lostAt[index]! - killAt).sort((x, y) => x - y);
    const killReconnectMs = backAfterKill ? Math.max(0, ...killBack) : NaN;
    const killOverflows = listenOverflows() - killed.overflowsBefore!;
    const sorted = (values: number[]) => values.sort((x, y) => x - y);
    const handshakes = sorted(killDropped.map((index) => slots.handshakeMs[index]!));
    const subscribes = sorted(killDropped.map((index) => slots.subscribeMs[index]!));
    const total = (counts: Int32Array) => counts.reduce((sum, count) => sum + count, 0);
    const killDetail =
      `p50 ${seconds(percentile(killBack, 50))} s, p90 ${seconds(percentile(killBack, 90))} s; the sockets closed p50 ${percentile(killLost, 50)} ms, p90 ${percentile(killLost, 90)} ms, max ${killLost.at(-1)} ms after the kill; last handshake p50 ${percentile(handshakes, 50)} ms, p90 ${percentile(handshakes, 90)} ms, ` +
      `then subscribed and replayed p50 ${percentile(subscribes, 50)} ms, p90 ${percentile(subscribes, 90)} ms; attempts up to ${Math.max(0, ...killDropped.map((index) => slots.attempts[index]!))}, ` +
      `${total(slots.timeouts)} handshakes timed out, ${total(slots.failedHandshakes)} failed in all; ${killOverflows} handshakes dropped by a full accept queue meanwhile`;
    console.log(`  after the kill: ${killDropped.length} clients reconnected in ${seconds(killReconnectMs)} s; B holds ${tunnelsOf('B')} sockets, C ${tunnelsOf('C')}`);

    console.log('Taking B out of the proxy and sending it SIGTERM…');
    proxy.send({ type: 'drain', name: 'B' });
    await sleep(300);
    const termAt = Date.now();
    b.child.kill('SIGTERM');
    const bExited = new Promise<void>((resolve) => (b.child.exitCode !== null ? resolve() : b.child.once('exit', () => resolve())));
    await bExited;
    const bExitSeconds = (Date.now() - termAt) / 1000;
    // Its sockets are closed by then; some of their clients may not have heard it yet.
    await waitFor(() => tunnelsOf('B') === 0, 5_000);
    await sleep(100);
    const backAfterTerm = await waitFor(allSubscribed, 60_000);
    const termDropped = droppedSince(termAt);
    const termReconnectMs = backAfterTerm ? Math.max(0, ...termDropped.map((index) => slots.backAt[index]! - termAt)) : NaN;
    // Whatever is still in flight arrives.
    await sleep(2_000);
    // What C holds, and the instances' memory, read while every client is still connected to it.
    clearInterval(sampler);
    const cSockets = tunnelsOf('C');
    await load.stop();
    const received = await clients.stop();
    await bus.close();

    // -------------------------------------------------------------------------------------------
    const ids = publishedIds.filter((id): id is string => id !== undefined);
    const deliveries = tallyDeliveries(ids, received.ids);
    // Each second of the burst's live deliveries apart: the steady phase, the kill, the reconnection 3 s
    // later; those to clients that had just resumed (their first live events waited behind their replay) on their own.
    const bySecond = new Map<number, number[]>();
    const resumingLatencies: number[] = [];
    received.numbers.forEach((n, index) => {
      if (received.resuming[index]) return void resumingLatencies.push(received.latencies[index]!);
      const second = Math.floor(n / rate);
      const values = bySecond.get(second);
      if (values) values.push(received.latencies[index]!);
      else bySecond.set(second, [received.latencies[index]!]);
    });
    const secondsP99 = [...bySecond.keys()].sort((x, y) => x - y).map((second) => percentile(bySecond.get(second)!.sort((x, y) => x - y), 99));
    const latencies = received.latencies.sort((x, y) => x - y);
    const steadyLatencies = received.steadyLatencies.sort((x, y) => x - y);
    const fanoutP50 = percentile(latencies, 50);
    const fanoutP99 = percentile(latencies, 99);
    const replayed = total(slots.replayed);
    const incomplete = total(slots.incompleteResumes);
    const { tally } = load;
    const steadyMax = Math.max(a.steadyPeakMb, b.steadyPeakMb);
    const failures = [...tally.failures].map(([reason, count]) => `${reason} ×${count}`).join(', ');
    const runSeconds = (Date.now() - burstStart) / 1000;

    console.log('');
    console.log(
      `requests: ${tally.requests} reads through the proxy in ${runSeconds.toFixed(0)} s (${(tally.requests / runSeconds).toFixed(0)}/s), ${tally.ok} ok; ` +
        `${tally.toKilled} to the killed instance before the proxy noticed; ${tally.failedHealthy} failed on healthy instances${failures ? ` (${failures})` : ''} (target ${targets.failedHealthy}: ${verdict(tally.failedHealthy === targets.failedHealthy)})`,
    );
    console.log(
      `alerts: ${ids.length} published (${signalCount - ids.length} without an id), expected ${deliveries.expected}, delivered ${deliveries.delivered}, lost ${deliveries.lost} (${deliveries.clientsWithLoss} clients), ` +
        `duplicated ${deliveries.duplicated} (${deliveries.clientsWithDuplicates} clients); ${replayed} of the deliveries replayed on resume, ${incomplete} resumes incomplete (target 0 lost, 0 duplicated: ${verdict(deliveries.lost === 0 && deliveries.duplicated === 0)})`,
    );
    console.log(
      `fan-out: p50 ${fanoutP50} ms, p99 ${fanoutP99} ms, max ${latencies.at(-1)} ms over ${latencies.length} live deliveries (before the kill: p50 ${percentile(steadyLatencies, 50)} ms, p99 ${percentile(steadyLatencies, 99)} ms; burst of ${burstSeconds.toFixed(1)} s; ` +
        `${clients.pid ? `the native clients' work per wake-up p99 ${received.loopDelayP99Ms.toFixed(1)} ms` : `clients' event loop delay p99 ${received.loopDelayP99Ms.toFixed(0)} ms, the worst of ${clientThreads} threads`}) (target ≤ ${targets.fanoutP99Ms} ms: ${verdict(fanoutP99 <= targets.fanoutP99Ms)})`,
    );
    resumingLatencies.sort((x, y) => x - y);
    console.log(
      `  fan-out p99 by second of the burst (the kill after ${Math.floor(signalCount / 2 / rate)} s): ${secondsP99.map((value) => `${value}`).join(' ')} ms; ` +
        `to clients in their first ${seconds(resumingMs)} s after a resume, ${resumingLatencies.length > 0 ? `p99 ${percentile(resumingLatencies, 99)} ms over ${resumingLatencies.length} live deliveries` : 'none'}`,
    );
    console.log(
      `reconnect: every client back ${seconds(killReconnectMs)} s after the SIGKILL to A (${killDropped.length} clients dropped) (target ≤ ${targets.reconnectS} s: ${verdict(killReconnectMs <= targets.reconnectS * 1000)}; ${killDetail}); ` +
        `${seconds(termReconnectMs)} s after the SIGTERM to B (${termDropped.length} clients, B exited after ${bExitSeconds.toFixed(1)} s)`,
    );
    console.log(
      `rss: ${instances.map(({ name, peak, steadyPeakMb }) => `${name} peak ${peak.mb.toFixed(0)} MB (server ${peak.serverMb.toFixed(0)} + socket child ${peak.childMb.toFixed(0)}) at ${peak.sockets} sockets${steadyPeakMb ? `, ${steadyPeakMb.toFixed(0)} MB with the clients split over A and B` : ''}`).join('; ')}; ` +
        `C ends with ${cSockets} sockets (target ≤ ${targets.rssMb} MB at ${Math.round(clientCount / 2)} sockets each: ${verdict(steadyMax <= targets.rssMb)})`,
    );
    console.log(cpuLine);
    console.log(
      `floor: here a loopback write of a ${floor.frameBytes}-byte frame costs ${floor.writeUs.toFixed(1)} µs of CPU and its read ${floor.readUs.toFixed(1)} µs (${floor.sockets} sockets, writer and reader in two processes); ` +
        `at one frame per write the ${deliveries.expected} deliveries would take ${((deliveries.expected * (floor.writeUs + floor.readUs)) / 1e6).toFixed(1)} of the burst's ${(cores * cpuSeconds).toFixed(0)} core-seconds`,
    );
    console.log(
      `(dist/server.js ×3, /ws ${wsRouteLabel}, on PostgreSQL ${new URL(databaseUrl).pathname.slice(1)} and Redis ${redisUrl}; ${clientCount} clients over ${userCount} users; ${readRate} reads/s asked; ` +
        `open-file limit ${fileLimit}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores; logs in ${logDir}; ${Math.round((Date.now() - started) / 1000)} s)`,
    );
    console.log(
      `bench:cluster lost=${deliveries.lost} duplicated=${deliveries.duplicated} fanout_p99_ms=${fanoutP99} reconnect_s=${seconds(killReconnectMs)} failed_healthy=${tally.failedHealthy} rss_max_mb=${steadyMax.toFixed(0)}`,
    );
  } finally {
    await stopAll();
    await removeSessions();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    for (const instance of instances) killGroup(instance.child);
    process.exit(1);
  },
);
