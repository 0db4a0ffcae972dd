import { revokeSession } from '@/lib/auth/session';
import { websocketAccess } from '@/lib/auth/websocket-access';
import { db } from '@/lib/db';
import { startRealtimeServer, type RealtimeHarness } from '@/test/support/realtime-server';
import { connectWs, expectOwnOriginOnly, upgradeSession as signedIn } from '@/test/support/ws-client';
import { closeBus, existingBus, installBus, MemoryBus, RedisBus, type EventBus } from '../realtime/bus';
import { notEntitledCloseCode, sessionEndedCloseCode } from '../realtime/close-codes';
import type { RealtimeAccess } from '../realtime/ws-server';
import { eventIdPattern as eventId } from '../realtime/channels';

interface Harness extends RealtimeHarness {
  bus: EventBus;
}

async function startServer(bus: EventBus, options: { access?: RealtimeAccess; accessCheckMs?: number } = {}): Promise<Harness> {
  const harness = await startRealtimeServer(bus, { access: options.access ?? websocketAccess(db), accessCheckMs: options.accessCheckMs });
  return {
    ...harness,
    bus,
    close: async () => {
      await harness.close();
      await (existingBus() === bus ? closeBus() : bus.close());
    },
  };
}

function closeCodeOf(client: Awaited<ReturnType<typeof connectWs>>) {
  return new Promise<number>((resolve) => client.socket.once('close', resolve));
}

let session: Awaited<ReturnType<typeof signedIn>>['headers'];
beforeAll(async () => ({ headers: session } = await signedIn()));

describe('realtime server', () => {
  let harness: Harness;
  beforeEach(async () => (harness = await startServer(new MemoryBus())));
  afterEach(() => harness.close());

  it('greets with connected, answers ping with pong, and confirms subscriptions', async () => {
    const client = await connectWs(harness.url, session);
    expect(await client.next('connected')).toMatchObject({ data: { channels: ['signals', 'market_data', 'companies'] } });
    client.send({ type: 'ping' });
    expect(await client.next('pong')).toMatchObject({ type: 'pong' });
    client.send({ type: 'subscribe', channel: 'signals' });
    expect(await client.next('subscribed')).toEqual({ type: 'subscribed', channel: 'signals' });
    client.socket.close();
  });

  it('delivers each event only to the subscribers of its channel', async () => {
    const signals = await connectWs(harness.url, session);
    const market = await connectWs(harness.url, session);
    signals.send({ type: 'subscribe', channel: 'signals' });
    market.send({ type: 'subscribe', channel: 'market_data' });
    await Promise.all([signals.next('subscribed'), market.next('subscribed')]);

    await harness.bus.publish({ type: 'new_signal', data: { id: 's1' } });
    await harness.bus.publish({ type: 'critical_alert', data: { id: 's2' } });
    await harness.bus.publish({ type: 'market_update', data: { btc: 100_000 } });
    await harness.bus.publish({ type: 'company_update', data: { id: 'c1' } });

    expect(await signals.next('new_signal')).toEqual({ type: 'new_signal', channel: 'signals', data: { id: 's1' }, id: expect.stringMatching(eventId) });
    expect(await signals.next('critical_alert')).toEqual({ type: 'critical_alert', channel: 'signals', data: { id: 's2' }, id: expect.stringMatching(eventId) });
    expect(await market.next('market_update')).toEqual({ type: 'market_update', channel: 'market_data', data: { btc: 100_000 }, id: expect.stringMatching(eventId) });
    // A round trip after the publishes proves nothing else is still in flight.
    signals.send({ type: 'ping' });
    market.send({ type: 'ping' });
    await Promise.all([signals.next('pong'), market.next('pong')]);
    expect(signals.messages.map((message) => message.type)).toEqual(['connected']);
    expect(market.messages.map((message) => message.type)).toEqual(['connected']);
    signals.socket.close();
    market.socket.close();
  });

  it('sends every subscriber of a broadcast the same text frame', async () => {
    const clients = await Promise.all([connectWs(harness.url, session), connectWs(harness.url, session), connectWs(harness.url, session)]);
    const frames = clients.map(
      (client) => new Promise<{ text: string; isBinary: boolean }>((resolve) => client.socket.on('message', (raw, isBinary) => raw.toString().includes('"new_signal"') && resolve({ text: raw.toString(), isBinary }))),
    );
    for (const client of clients) client.send({ type: 'subscribe', channel: 'signals' });
    await Promise.all(clients.map((client) => client.next('subscribed')));

    await harness.bus.publish({ type: 'new_signal', data: { id: 's1', title: 'Bought 1,000 ₿' } });

    const received = await Promise.all(frames);
    for (const frame of received) {
      expect(frame.isBinary).toBe(false);
      expect(JSON.parse(frame.text)).toEqual({ type: 'new_signal', channel: 'signals', data: { id: 's1', title: 'Bought 1,000 ₿' }, id: expect.stringMatching(eventId) });
    }
    for (const client of clients) client.socket.close();
  });

  it('stops delivering after unsubscribe', async () => {
    const client = await connectWs(harness.url, session);
    client.send({ type: 'subscribe', channel: 'companies' });
    await client.next('subscribed');
    client.send({ type: 'unsubscribe', channel: 'companies' });
    await client.next('unsubscribed');
    await harness.bus.publish({ type: 'company_update', data: {} });
    client.send({ type: 'ping' });
    await client.next('pong');
    expect(client.messages.map((message) => message.type)).toEqual(['connected']);
    client.socket.close();
  });

  it('answers malformed or unknown messages with an error and stays open', async () => {
    const client = await connectWs(harness.url, session);
    client.send('not json');
    expect(await client.next('error')).toEqual({ type: 'error', data: { message: 'Unsupported message' } });
    client.send({ type: 'subscribe', channel: 'admin' });
    expect(await client.next('error')).toMatchObject({ type: 'error' });
    client.send({ type: 'ping' });
    expect(await client.next('pong')).toMatchObject({ type: 'pong' });
    client.socket.close();
  });

  it('refuses an upgrade from a foreign Origin and accepts its own', async () => {
    await expectOwnOriginOnly(harness.url, session);
  });

  it('takes the public host from X-Forwarded-Host only behind a trusted proxy', async () => {
    const proxied = { ...session, Origin: 'https://pr-7.preview.example', 'X-Forwarded-Host': 'pr-7.preview.example', 'X-Forwarded-Proto': 'https' };
    await expect(connectWs(harness.url, proxied)).rejects.toThrow('Unexpected server response: 403');
    process.env.TRUST_PROXY = 'true';
    try {
      const behindProxy = await connectWs(harness.url, proxied);
      expect(await behindProxy.next('connected')).toMatchObject({ type: 'connected' });
      behindProxy.socket.close();
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });

  it('sends the events of a burst in the order they were published, ahead of the answer to a later message', async () => {
    const client = await connectWs(harness.url, session);
    client.send({ type: 'subscribe', channel: 'signals' });
    await client.next('subscribed');

    // Published in one turn: the fan-out writes them to the socket together.
    await Promise.all(Array.from({ length: 20 }, (_, n) => harness.bus.publish({ type: 'new_signal', data: { n } })));
    client.send({ type: 'ping' });
    await client.next('pong');
    // Everything still in `messages` arrived before the pong.
    expect(client.messages.map(({ type, data }) => (type === 'new_signal' ? (data as { n: number }).n : type))).toEqual(['connected', ...Array.from({ length: 20 }, (_, n) => n)]);
    client.socket.close();
  });

  it('writes the live events due to a socket before closing it on shutdown', async () => {
    const client = await connectWs(harness.url, session);
    client.send({ type: 'subscribe', channel: 'signals' });
    await client.next('subscribed');
    const closed = new Promise<number>((resolve) => client.socket.once('close', resolve));

    // The event reaches the server's fan-out and the shutdown begins in the same turn.
    void harness.bus.publish({ type: 'new_signal', data: { id: 'last' } });
    await harness.realtime.close(1012);
    expect(await closed).toBe(1012);
    expect(client.messages.filter(({ type }) => type === 'new_signal')).toEqual([expect.objectContaining({ data: { id: 'last' } })]);
  });

  it('closes open sockets when the server shuts down', async () => {
    const client = await connectWs(harness.url, session);
    const closed = new Promise<number>((resolve) => client.socket.once('close', resolve));
    await harness.realtime.close();
    expect(await closed).toBe(1001);
  });
});

const hour = 3_600_000;

describe('who may use /ws: what the data APIs ask', () => {
  let harness: Harness;
  beforeEach(async () => {
    // No periodic re-check within a test: what closes a socket here is the event.
    harness = await startServer(new MemoryBus(), { accessCheckMs: hour });
    // The process's bus, as server.ts installs it: a revocation here announces itself on it.
    installBus(harness.bus);
  });
  afterEach(() => harness.close());

  it('refuses an upgrade without a session with 401', async () => {
    await expect(connectWs(harness.url)).rejects.toThrow('Unexpected server response: 401');
    await expect(connectWs(harness.url, { Cookie: 'next-auth.session-token=forged' })).rejects.toThrow('Unexpected server response: 401');
  });

  it('refuses the cookie of a signed-out session (its row deleted) with 401', async () => {
    const user = await signedIn();
    await db.session.delete({ where: { id: user.sessionId } });
    await expect(connectWs(harness.url, user.headers)).rejects.toThrow('Unexpected server response: 401');
  });

  it('refuses the cookie of a revoked session with 401', async () => {
    const user = await signedIn();
    await revokeSession(db, user.sessionId);
    await expect(connectWs(harness.url, user.headers)).rejects.toThrow('Unexpected server response: 401');
  });

  it('refuses a signed-in user without a subscription or beta access with 403', async () => {
    const user = await signedIn(false);
    await expect(connectWs(harness.url, user.headers)).rejects.toThrow('Unexpected server response: 403');
  });

  it('closes the socket of a session revoked while it is open with 4401', async () => {
    const user = await signedIn();
    const client = await connectWs(harness.url, user.headers);
    const other = await connectWs(harness.url, session);
    const closed = closeCodeOf(client);
    await revokeSession(db, user.sessionId);
    expect(await closed).toBe(sessionEndedCloseCode);
    // Only that session's socket.
    other.send({ type: 'ping' });
    expect(await other.next('pong')).toMatchObject({ type: 'pong' });
    other.socket.close();
  });

  it('finds a lapse no event announces on its periodic re-check, and closes with 4403', async () => {
    const checking = await startServer(new MemoryBus(), { accessCheckMs: 100 });
    const user = await signedIn();
    const client = await connectWs(checking.url, user.headers);
    client.send({ type: 'subscribe', channel: 'signals' });
    await client.next('subscribed');
    const closed = closeCodeOf(client);
    // Written without any announcement, as a plan whose period ran out is.
    await db.user.update({ where: { id: user.id }, data: { betaAccess: false } });
    expect(await closed).toBe(notEntitledCloseCode);
    await checking.close();
  });

  it('answers a subscribe to a channel the policy refuses with an error, and subscribes the others', async () => {
    const everything = websocketAccess(db);
    const access: RealtimeAccess = { ...everything, maySubscribe: (holder, channel) => channel !== 'companies' && everything.maySubscribe(holder, channel) };
    const limited = await startServer(new MemoryBus(), { access });
    const client = await connectWs(limited.url, session);
    client.send({ type: 'subscribe', channel: 'companies' });
    expect(await client.next('error')).toEqual({ type: 'error', channel: 'companies', data: { message: 'This channel is not part of your plan.' } });
    client.send({ type: 'subscribe', channel: 'signals' });
    expect(await client.next('subscribed')).toEqual({ type: 'subscribed', channel: 'signals' });
    await limited.bus.publish({ type: 'company_update', data: { id: 'c1' } });
    await limited.bus.publish({ type: 'new_signal', data: { id: 's1' } });
    expect(await client.next('new_signal')).toMatchObject({ data: { id: 's1' } });
    expect(client.messages.map((message) => message.type)).toEqual(['connected']);
    client.socket.close();
    await limited.close();
  });
});

const redisUrl = process.env.REDIS_URL;
(redisUrl ? describe : describe.skip)('realtime over Redis (REDIS_URL)', () => {
  it('fans one event out to the clients of two server processes', async () => {
    const [first, second] = [new RedisBus(redisUrl!), new RedisBus(redisUrl!)];
    await Promise.all([first.whenReady(), second.whenReady()]);
    const [a, b] = await Promise.all([startServer(first), startServer(second)]);
    const clientA = await connectWs(a.url, session);
    const clientB = await connectWs(b.url, session);
    clientA.send({ type: 'subscribe', channel: 'signals' });
    clientB.send({ type: 'subscribe', channel: 'signals' });
    await Promise.all([clientA.next('subscribed'), clientB.next('subscribed')]);

    await first.publish({ type: 'new_signal', data: { id: 'fan-out' } });

    expect(await clientA.next('new_signal')).toMatchObject({ data: { id: 'fan-out' } });
    expect(await clientB.next('new_signal')).toMatchObject({ data: { id: 'fan-out' } });
    expect(await second.status()).toEqual({ kind: 'redis', status: 'up' });
    clientA.socket.close();
    clientB.socket.close();
    await Promise.all([a.close(), b.close()]);
  });

  it('closes with 4401 a socket on another process when its session is revoked', async () => {
    const [serving, revoking] = [new RedisBus(redisUrl!), new RedisBus(redisUrl!)];
    await Promise.all([serving.whenReady(), revoking.whenReady()]);
    const harness = await startServer(serving, { accessCheckMs: hour });
    // This process signs the user out; its bus is not the one the socket's server listens on.
    installBus(revoking);
    const user = await signedIn();
    const client = await connectWs(harness.url, user.headers);
    await client.next('connected');
    const closed = closeCodeOf(client);
    await revokeSession(db, user.sessionId);
    expect(await closed).toBe(sessionEndedCloseCode);
    await harness.close();
    // The serving bus is not the process's bus: left open, its Redis connections keep jest alive.
    await Promise.all([serving.close(), closeBus()]);
  });

  it('delivers an event to its own process once, as soon as it is logged, and to the others through Redis', async () => {
    const [first, second] = [new RedisBus(redisUrl!), new RedisBus(redisUrl!)];
    await Promise.all([first.whenReady(), second.whenReady()]);
    const onFirst: unknown[] = [];
    const onSecond: unknown[] = [];
    first.subscribe((event) => onFirst.push(event.data));
    second.subscribe((event) => onSecond.push(event.data));

    // Once Redis has given the event its id, without waiting for the echo.
    await first.publish({ type: 'market_update', data: { n: 1 } });
    expect(onFirst).toEqual([{ n: 1 }]);
    await second.publish({ type: 'market_update', data: { n: 2 } });
    const deadline = Date.now() + 2000;
    while ((onFirst.length < 2 || onSecond.length < 2) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    // Each echo from Redis has had time to arrive (a round trip to the other bus came back).
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const received of [onFirst, onSecond]) {
      expect(received).toHaveLength(2);
      expect(received).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));
    }
    await Promise.all([first.close(), second.close()]);
  });
});
