import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { revokeSession } from '../auth/session';
import { processTableChanges } from '../cache/table-changes';
import { db } from '../db';
import { closeRateLimiter, getRateLimiter } from '../rate-limit/limiter';
import { closeBus, RedisBus } from '../realtime/bus';
import { sessionEndedCloseCode } from '../realtime/close-codes';
import { eventIdPattern as eventId } from '../realtime/channels';
import { connectWs, expectOwnOriginOnly, upgradeSession } from '@/test/support/ws-client';
import { jobs } from './jobs';
import { startBackground, type Background } from './supervisor';

// The real background process (background.ts under tsx), forked by the real supervisor: sockets handed
// over IPC, events from this (server.ts's) side, table changes both ways. Without REDIS_URL the two
// in-memory buses are bridged over IPC; with it (CI's second run) both sides use Redis.

const root = path.resolve(__dirname, '..', '..');
const tsx = ['--import', 'tsx'];
const lines: string[] = [];
const log = (line: string) => void lines.push(line);

interface Harness {
  url: string;
  background: Background;
  close: () => Promise<void>;
}

async function start(entry: string, env: Record<string, string> = {}): Promise<Harness> {
  // No ingest jobs against the network from the child.
  const background = startBackground({ entry, execArgv: tsx, env: { ...process.env, SCHEDULER_ENABLED: 'false', ...env }, log });
  const server = http.createServer((_request, response) => response.end());
  server.on('upgrade', (request, socket, head) => background.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  expect(await background.whenReady(60_000)).toBe(true);
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    background,
    close: async () => {
      await background.stop(5_000);
      // Not awaited: once a socket went to a child that has exited, Node's server.close() never calls
      // back (it waits for replies from a list of children that is now empty). server.ts never waits for it.
      server.close();
      await closeBus();
    },
  };
}

async function until(check: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

jest.setTimeout(90_000);

const signedIn = () => upgradeSession(true, 'background');

/** background.ts started for the enclosing describe block, and an entitled user's upgrade cookie. */
function backgroundPerBlock() {
  const block = {} as { harness: Harness; session: Record<string, string> };
  beforeAll(async () => {
    block.harness = await start(path.join(root, 'background.ts'));
    ({ headers: block.session } = await signedIn());
  });
  afterAll(() => block.harness.close());
  return block;
}

describe(`the background process (bus: ${process.env.REDIS_URL ? 'redis' : 'memory, bridged over IPC'})`, () => {
  const block = backgroundPerBlock();

  it('completes the handshake of a handed-over socket and delivers what this process publishes', async () => {
    const client = await connectWs(block.harness.url, block.session);
    expect(await client.next('connected')).toMatchObject({ data: { channels: ['signals', 'market_data', 'companies'] } });
    client.send({ type: 'subscribe', channel: 'signals' });
    expect(await client.next('subscribed')).toEqual({ type: 'subscribed', channel: 'signals' });
    await until(() => block.harness.background.clientCount() === 1);

    await block.harness.background.bus.publish({ type: 'new_signal', data: { id: 'from-the-http-process' } });
    expect(await client.next('new_signal')).toEqual({ type: 'new_signal', channel: 'signals', data: { id: 'from-the-http-process' }, id: expect.stringMatching(eventId) });

    client.socket.close();
    await until(() => block.harness.background.clientCount() === 0);
  });

  it('replays to a reconnecting client, in order, what this process published while it was away (issue 29)', async () => {
    const client = await connectWs(block.harness.url, block.session);
    client.send({ type: 'subscribe', channel: 'signals' });
    await client.next('subscribed');
    await block.harness.background.bus.publish({ type: 'new_signal', data: { id: 'seen' } });
    const seen = await client.next('new_signal');
    client.socket.close();
    await until(() => block.harness.background.clientCount() === 0);

    for (const id of ['missed-1', 'missed-2', 'missed-3']) await block.harness.background.bus.publish({ type: 'new_signal', data: { id } });
    const again = await connectWs(block.harness.url, block.session);
    again.send({ type: 'subscribe', channel: 'signals', lastEventId: seen.id });
    expect(await again.next('subscribed')).toEqual({ type: 'subscribed', channel: 'signals', replayed: 3, complete: true });
    for (const id of ['missed-1', 'missed-2', 'missed-3']) expect((await again.next('new_signal')).data).toEqual({ id });
    again.socket.close();
    await until(() => block.harness.background.clientCount() === 0);
  });

  it('still refuses a foreign Origin with 403', async () => {
    await expectOwnOriginOnly(block.harness.url, block.session);
  });

  it('refuses an upgrade without a session with 401', async () => {
    await expect(connectWs(block.harness.url)).rejects.toThrow('Unexpected server response: 401');
  });

  it('closes with 4401 the socket of a session this process revokes', async () => {
    const user = await signedIn();
    const client = await connectWs(block.harness.url, user.headers);
    await client.next('connected');
    const closed = new Promise<number>((resolve) => client.socket.once('close', resolve));
    await revokeSession(db, user.sessionId);
    expect(await closed).toBe(sessionEndedCloseCode);
  });

  it('answers 503 while the background process is down, and restarts it', async () => {
    const pid = block.harness.background.pid()!;
    process.kill(pid, 'SIGKILL');
    await until(() => block.harness.background.pid() !== pid);
    await expect(connectWs(block.harness.url, block.session)).rejects.toThrow('Unexpected server response: 503');
    expect(lines).toContainEqual(expect.stringMatching(/^background process exited \(SIGKILL\); restarting in \d+ ms$/));

    // Back after the pause and a start under tsx; until then every attempt is a 503.
    let client: Awaited<ReturnType<typeof connectWs>> | undefined;
    for (const deadline = Date.now() + 60_000; !client && Date.now() < deadline; ) {
      client = await connectWs(block.harness.url, block.session).catch(() => new Promise<undefined>((resolve) => setTimeout(resolve, 200)));
    }
    expect(await client!.next('connected')).toMatchObject({ type: 'connected' });
    expect(block.harness.background.pid()).not.toBe(pid);
    client!.socket.close();
  });
});

describe('the background process with the scheduler on', () => {
  afterAll(() => closeRateLimiter());

  it("serves /ws, runs the product's jobs and stops within its budget", async () => {
    const day = 24 * 60 * 60 * 1000;
    const stale = await db.clientErrorReport.create({ data: { referenceId: 'background-scheduler', message: 'stale', createdAt: new Date(Date.now() - 100 * day) } });
    // Each job's period unclaimed, whatever an earlier run left in the shared lease store.
    for (const job of jobs) await getRateLimiter().reset(`job:${job.name}`);
    const harness = await start(path.join(root, 'background.ts'), { SCHEDULER_ENABLED: 'true', INGEST_ENABLED: 'false' });
    try {
      const client = await connectWs(harness.url, (await signedIn()).headers);
      expect(await client.next('connected')).toMatchObject({ type: 'connected' });
      client.socket.close();
      // purge-client-errors, the first job, removes reports older than 90 days.
      for (const deadline = Date.now() + 30_000; await db.clientErrorReport.findUnique({ where: { id: stale.id } }); ) {
        if (Date.now() > deadline) throw new Error('the scheduler ran no purge within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      const logged = lines.length;
      await harness.close();
      expect(lines.slice(logged)).not.toContain('background process did not stop in time; killing it');
    }
  });
});

describe('a background process that crashes (issue 29)', () => {
  const block = backgroundPerBlock();

  it('loses nothing published while it was down: its successor replays it from the log', async () => {
    const client = await connectWs(block.harness.url, block.session);
    client.send({ type: 'subscribe', channel: 'signals' });
    await client.next('subscribed');
    await block.harness.background.bus.publish({ type: 'new_signal', data: { id: 'seen' } });
    const seen = await client.next('new_signal');

    const pid = block.harness.background.pid()!;
    const gone = new Promise((resolve) => client.socket.once('close', resolve));
    process.kill(pid, 'SIGKILL');
    await gone;
    await until(() => block.harness.background.pid() !== pid);
    // Published while no background process runs: no socket could have received these.
    for (const id of ['while-down-1', 'while-down-2']) await block.harness.background.bus.publish({ type: 'new_signal', data: { id } });

    let again: Awaited<ReturnType<typeof connectWs>> | undefined;
    for (const deadline = Date.now() + 60_000; !again && Date.now() < deadline; ) {
      again = await connectWs(block.harness.url, block.session).catch(() => new Promise<undefined>((resolve) => setTimeout(resolve, 200)));
    }
    again!.send({ type: 'subscribe', channel: 'signals', lastEventId: seen.id });
    expect(await again!.next('subscribed')).toEqual({ type: 'subscribed', channel: 'signals', replayed: 2, complete: true });
    for (const id of ['while-down-1', 'while-down-2']) expect((await again!.next('new_signal')).data).toEqual({ id });
    again!.socket.close();
  });
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('a background process whose database does not answer', () => {
  it('serves /ws once its rehearsed admission has waited its bound, and stops within its budget', async () => {
    // Accepts connections and never says a word: PostgreSQL's startup exchange waits for ever.
    const held = new Set<net.Socket>();
    const silent = net.createServer((socket) => void held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    // Ready within start()'s bound, though the rehearsal's query never returns.
    const harness = await start(path.join(root, 'background.ts'), { DATABASE_URL: `postgresql://postgres@127.0.0.1:${port}/silent` });
    try {
      // The rehearsal asked the silent database.
      await until(() => held.size > 0, 10_000);
      await expect(connectWs(harness.url)).rejects.toThrow('Unexpected server response: 401');
      // Its pool still waits for that connection: the stop must not.
      const stopsBefore = lines.length;
      await harness.background.stop(5_000);
      expect(lines.slice(stopsBefore)).not.toContainEqual(expect.stringContaining('did not stop in time'));
    } finally {
      await harness.close();
      for (const socket of held) socket.destroy();
      silent.close();
    }
  });
});

describe('/ws on a port of its own (REALTIME_PORT)', () => {
  let harness: Harness;
  let ownUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    harness = await start(path.join(root, 'background.ts'), { REALTIME_PORT: String(port) });
    ownUrl = `ws://127.0.0.1:${port}/ws`;
  });
  afterAll(() => harness.close());

  it('serves entitled sockets there directly, with what this process publishes, beside those handed over', async () => {
    const { headers } = await signedIn();
    const direct = await connectWs(ownUrl, headers);
    const handed = await connectWs(harness.url, headers);
    for (const client of [direct, handed]) {
      expect(await client.next('connected')).toMatchObject({ data: { channels: ['signals', 'market_data', 'companies'] } });
      client.send({ type: 'subscribe', channel: 'signals' });
      await client.next('subscribed');
    }
    await until(() => harness.background.clientCount() === 2);
    await harness.background.bus.publish({ type: 'new_signal', data: { id: 'to-both' } });
    for (const client of [direct, handed]) expect((await client.next('new_signal')).data).toEqual({ id: 'to-both' });
    direct.socket.close();
    handed.socket.close();
  });

  it('checks sessions and origins there as on the main port', async () => {
    await expect(connectWs(ownUrl)).rejects.toThrow('Unexpected server response: 401');
    const { headers } = await signedIn();
    await expectOwnOriginOnly(ownUrl, headers);
  });

  it('refuses an upgrade whose target is no URL, and keeps serving', async () => {
    const { port } = new URL(ownUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write('GET http://[ HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    const { headers } = await signedIn();
    const client = await connectWs(ownUrl, headers);
    expect(await client.next('connected')).toMatchObject({ type: 'connected' });
    client.socket.close();
  });

  it('answers anything but a /ws upgrade in words, without serving it', async () => {
    const { headers } = await signedIn();
    await expect(connectWs(ownUrl.replace('/ws', '/other'), headers)).rejects.toThrow('Unexpected server response: 404');
    const answer = await fetch(ownUrl.replace('ws://', 'http://'));
    expect(answer.status).toBe(426);
    expect(await answer.json()).toEqual({ message: 'This port serves the realtime WebSocket only.' });
  });
});

// With Redis, the instances of one host may listen on the same REALTIME_PORT (SO_REUSEPORT): the
// kernel spreads the sockets over them, and Redis gives each what any of them publishes.
(process.env.REDIS_URL ? describe : describe.skip)('/ws on a port two instances share (REALTIME_PORT with Redis)', () => {
  it('spreads the sockets over both, delivers an event to the clients of both, and the one left keeps the port', async () => {
    const port = await freePort();
    const url = `ws://127.0.0.1:${port}/ws`;
    const entry = path.join(root, 'background.ts');
    const [one, two] = await Promise.all([start(entry, { REALTIME_PORT: String(port) }), start(entry, { REALTIME_PORT: String(port) })]);
    try {
      const { headers } = await signedIn();
      const clients = [];
      for (let index = 0; index < 16; index += 1) {
        const client = await connectWs(url, headers);
        await client.next('connected');
        client.send({ type: 'subscribe', channel: 'signals' });
        await client.next('subscribed');
        clients.push(client);
      }
      await until(() => one.background.clientCount() + two.background.clientCount() === 16);
      // Each socket lands on one of them by the hash of its address: all 16 on one would take odds of 1 in 32,768.
      expect(one.background.clientCount()).toBeGreaterThan(0);
      expect(two.background.clientCount()).toBeGreaterThan(0);

      // As ingest in a process of its own publishes (two supervisors in this one process share one bus).
      const publisher = new RedisBus(process.env.REDIS_URL!);
      await publisher.whenReady();
      await publisher.publish({ type: 'new_signal', data: { id: 'to-every-socket' } });
      await publisher.close();
      for (const client of clients) expect((await client.next('new_signal')).data).toEqual({ id: 'to-every-socket' });

      await one.close();
      const after = await connectWs(url, headers);
      expect(await after.next('connected')).toMatchObject({ type: 'connected' });
      await until(() => two.background.clientCount() >= 1);
      after.socket.close();
      for (const client of clients) client.socket.close();
    } finally {
      await Promise.allSettled([one.close(), two.close()]);
    }
  });
});

describe('table changes between the two processes', () => {
  let harness: Harness;
  beforeAll(async () => (harness = await start(path.join(root, 'test/support/background/table-changes-child.ts'))));
  afterAll(() => harness.close());

  it('crosses in both directions', async () => {
    const heard: string[][] = [];
    const unsubscribe = processTableChanges().subscribe((tables) => void heard.push([...tables]));
    // The child answers a change it hears with one of its own: proof of both ways.
    processTableChanges().changed(['Signal']);
    await until(() => heard.some((tables) => tables.includes('FromBackground')));
    expect(heard).toContainEqual(['FromBackground', 'Signal']);
    unsubscribe();
  });
});
