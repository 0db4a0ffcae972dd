// npm run bench:ws [-- --clients 1000 --events 5]
// N WebSocket clients subscribe to `signals`; one event is published; each client's delivery
// latency is measured (publish time carried in the event, same clock). Runs in-process (one
// server, memory bus) and, when Redis is reachable, through Redis with two server processes.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { percentile } from './lib/bench';

const args = new Map(process.argv.slice(2).map((arg, index, all) => [arg, all[index + 1]]));
const clientCount = Number(args.get('--clients') ?? process.env.BENCH_CLIENTS ?? 1000);
const eventCount = Number(args.get('--events') ?? 5);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A scratch database holding the one entitled session every client presents (/ws refuses anyone else). */
const databaseUrl = `file:${path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ws-')), 'bench.db')}`;
let cookie = '';

interface ServerHandle {
  child: ChildProcess;
  port: number;
}

function startServer(env: Record<string, string>): Promise<ServerHandle> {
  const child = fork(path.join(__dirname, 'bench-ws-server.ts'), [], { env: { ...process.env, DATABASE_URL: databaseUrl, ...env }, execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { listening: number }) => resolve({ child, port: message.listening }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function openClients(ports: number[], onEvent: (latencyMs: number, round: number) => void): Promise<WebSocket[]> {
  const clients: WebSocket[] = [];
  const batch = 100;
  for (let start = 0; start < clientCount; start += batch) {
    const opened = Array.from({ length: Math.min(batch, clientCount - start) }, (_, offset) => {
      const port = ports[(start + offset) % ports.length]!;
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie } });
      clients.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.on('error', reject);
        socket.on('message', (raw) => {
          const message = JSON.parse(raw.toString()) as { type: string; data?: { sentAt: number; round: number } };
          if (message.type === 'connected') socket.send(JSON.stringify({ type: 'subscribe', channel: 'signals' }));
          else if (message.type === 'subscribed') resolve();
          else if (message.type === 'new_signal' && message.data) onEvent(Date.now() - message.data.sentAt, message.data.round);
        });
      });
    });
    await Promise.all(opened);
  }
  return clients;
}

async function run(label: string, servers: ServerHandle[]) {
  const latencies = new Map<number, number[]>();
  const clients = await openClients(
    servers.map((server) => server.port),
    (latency, round) => latencies.get(round)?.push(latency),
  );
  const all: number[] = [];
  let worstReceived = clientCount;
  for (let round = 0; round < eventCount; round += 1) {
    latencies.set(round, []);
    servers[0]!.child.send({ publish: { type: 'new_signal', data: { sentAt: Date.now(), round } } });
    const deadline = Date.now() + 5000;
    while (latencies.get(round)!.length < clientCount && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    const received = latencies.get(round)!;
    worstReceived = Math.min(worstReceived, received.length);
    all.push(...received);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  all.sort((a, b) => a - b);
  console.log(
    `${label}: ${clientCount} clients, ${eventCount} events; received ${worstReceived}/${clientCount} in the worst round; ` +
      `latency p50 ${percentile(all, 50)} ms, p99 ${percentile(all, 99)} ms, max ${all.at(-1)} ms`,
  );
  for (const client of clients) client.terminate();
  return worstReceived === clientCount;
}

async function stop(servers: ServerHandle[]) {
  await Promise.all(servers.map((server) => new Promise((resolve) => (server.child.once('exit', resolve), server.child.send({ stop: true })))));
}

async function redisReachable() {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function prepareSession() {
  process.env.DATABASE_URL = databaseUrl;
  const { applyMigrations } = await import('../lib/db/migrate');
  await applyMigrations(databaseUrl);
  const { db } = await import('../lib/db');
  const { entitledSessionCookie } = await import('./lib/bench-session');
  cookie = await entitledSessionCookie(db);
  await db.$disconnect();
}

async function main() {
  let ok = true;
  await prepareSession();
  const memory = [await startServer({ BENCH_REDIS_URL: '' })];
  ok = (await run('in-process (memory bus, 1 server)', memory)) && ok;
  await stop(memory);

  if (await redisReachable()) {
    const redis = await Promise.all([startServer({ BENCH_REDIS_URL: redisUrl }), startServer({ BENCH_REDIS_URL: redisUrl })]);
    ok = (await run('redis (2 server processes)', redis)) && ok;
    await stop(redis);
  } else {
    console.log(`redis: skipped, nothing answers at ${redisUrl}`);
  }
  process.exit(ok ? 0 : 1);
}

void main();
