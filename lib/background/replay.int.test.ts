import { websocketAccess } from '@/lib/auth/websocket-access';
import { db } from '@/lib/db';
import { startRealtimeServer, type RealtimeHarness } from '@/test/support/realtime-server';
import { registeredUser } from '@/test/support/users';
import { connectWs, type WsMessage } from '@/test/support/ws-client';
import { BridgedBus, MemoryBus, RedisBus, type BridgeMessage, type EventBus } from '../realtime/bus';
import { eventIdPattern, type RealtimeEvent } from '../realtime/channels';
import { compareEventIds } from '../realtime/event-ids';
import type { RealtimeAccess } from '../realtime/ws-server';

// Issue 29, "no alert lost": a client that reconnects with the last event id it saw receives what it
// missed, from the log every process shares, in order and once, then the live events.

async function startServer(bus: EventBus, access: RealtimeAccess = websocketAccess(db)): Promise<RealtimeHarness> {
  return startRealtimeServer(bus, { access });
}

type Client = Awaited<ReturnType<typeof connectWs>>;

const eventTypes = new Set(['new_signal', 'critical_alert', 'market_update', 'company_update']);

/** The events the client received so far, taken out of its queue; a ping round trip first proves none is in flight. */
async function receivedEvents(client: Client): Promise<WsMessage[]> {
  client.send({ type: 'ping' });
  await client.next('pong');
  const events = client.messages.filter((message) => eventTypes.has(message.type));
  for (const event of events) client.messages.splice(client.messages.indexOf(event), 1);
  return events;
}

/** The events received until one whose data.id is `last` (within 5 s). */
async function eventsUntil(client: Client, last: string): Promise<WsMessage[]> {
  const events: WsMessage[] = [];
  const deadline = Date.now() + 5_000;
  while (!dataIds(events).includes(last) && Date.now() < deadline) events.push(...(await receivedEvents(client)));
  return events;
}

function dataIds(events: WsMessage[]) {
  return events.map((event) => (event.data as { id: string }).id);
}

function closed(client: Client) {
  return new Promise<void>((resolve) => {
    client.socket.once('close', () => resolve());
    client.socket.close();
  });
}

/** Subscribed to signals, one event received live: the client's last id. */
async function clientThatSaw(url: string, publish: (id: string) => Promise<unknown>) {
  const client = await connectWs(url, session);
  const connected = await client.next('connected');
  expect((connected.data as { lastEventId?: string }).lastEventId).toMatch(eventIdPattern);
  client.send({ type: 'subscribe', channel: 'signals' });
  expect(await client.next('subscribed')).toEqual({ type: 'subscribed', channel: 'signals' });
  await publish('before');
  const seen = await client.next('new_signal');
  expect(seen).toMatchObject({ data: { id: 'before' }, id: expect.stringMatching(eventIdPattern) });
  return { client, lastEventId: seen.id! };
}

/** 50 events missed, 50 more published while the client resumes: it gets all 100, in order, once. */
async function resumesWhilePublishing(url: string, publish: (id: string) => Promise<unknown>) {
  const { client, lastEventId } = await clientThatSaw(url, publish);
  await closed(client);
  for (let n = 0; n < 50; n += 1) await publish(`missed-${n}`);

  const again = await connectWs(url, session);
  again.send({ type: 'subscribe', channel: 'signals', lastEventId });
  // Spread over the time the server takes to read the log and send the replay.
  for (let n = 0; n < 50; n += 1) {
    await publish(`live-${n}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await again.next('subscribed');
  const expected = [...Array.from({ length: 50 }, (_, n) => `missed-${n}`), ...Array.from({ length: 50 }, (_, n) => `live-${n}`)];
  expect(dataIds(await eventsUntil(again, 'live-49'))).toEqual(expected);
  again.socket.close();
}

let session: Record<string, string>;
beforeAll(async () => {
  const user = await registeredUser(true, 'replay');
  session = { Cookie: user.jar.header() };
});

const signal = (id: string) => ({ type: 'new_signal' as const, data: { id } });

describe('replay after reconnecting (in-process log)', () => {
  let bus: MemoryBus;
  let harness: RealtimeHarness;
  beforeEach(async () => {
    bus = new MemoryBus();
    harness = await startServer(bus);
  });
  afterEach(async () => {
    await harness.close();
    await bus.close();
  });

  it('sends exactly the missed events of the channel, in order, then the live ones', async () => {
    const { client, lastEventId } = await clientThatSaw(harness.url, (id) => bus.publish(signal(id)));
    await closed(client);

    for (const id of ['m1', 'm2', 'm3']) await bus.publish(signal(id));
    await bus.publish({ type: 'market_update', data: { id: 'other-channel' } });
    await bus.publish({ type: 'critical_alert', data: { id: 'm4' } });

    const again = await connectWs(harness.url, session);
    again.send({ type: 'subscribe', channel: 'signals', lastEventId });
    expect(await again.next('subscribed')).toEqual({ type: 'subscribed', channel: 'signals', replayed: 4, complete: true });
    await bus.publish(signal('live'));
    const events = await eventsUntil(again, 'live');
    expect(dataIds(events)).toEqual(['m1', 'm2', 'm3', 'm4', 'live']);
    const ids = events.map((event) => event.id!);
    expect([...ids].sort(compareEventIds)).toEqual(ids);
    expect(compareEventIds(ids[0]!, lastEventId)).toBeGreaterThan(0);
    again.socket.close();
  });

  it('loses and repeats nothing when events keep coming while it resumes', async () => {
    await resumesWhilePublishing(harness.url, (id) => bus.publish(signal(id)));
  });

  it('gives clients resuming together one read of the log, and each of them every missed event once', async () => {
    const { client, lastEventId } = await clientThatSaw(harness.url, (id) => bus.publish(signal(id)));
    await closed(client);
    for (const id of ['m1', 'm2', 'm3']) await bus.publish(signal(id));
    let reads = 0;
    const replay = bus.replay.bind(bus);
    bus.replay = (afterId, channel) => ((reads += 1), replay(afterId, channel));

    // As an instance's clients arrive at another one after it went away: connected first, then all at once.
    const resuming = await Promise.all(Array.from({ length: 12 }, () => connectWs(harness.url, session)));
    await Promise.all(resuming.map((again) => again.next('connected')));
    for (const again of resuming) again.send({ type: 'subscribe', channel: 'signals', lastEventId });
    await bus.publish(signal('live'));
    for (const again of resuming) {
      // 'live' is among the replayed or among the held events, depending on when the read ran: once either way.
      expect(await again.next('subscribed')).toMatchObject({ complete: true });
      expect(dataIds(await eventsUntil(again, 'live'))).toEqual(['m1', 'm2', 'm3', 'live']);
      again.socket.close();
    }
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThan(12);
  });

  /**
   * A server on a bus whose announcements its own listener can be made to hear again, as Redis can
   * order them: the read's answer and the announcement of an event it holds come on two connections,
   * and the announcement may be read second. `resumed` is a client that replayed m1 and m2.
   */
  async function afterReplay(lateAnnouncementMs: number | undefined, run: (context: { resumed: Client; announceM2Again: () => void; bus: MemoryBus }) => Promise<void>) {
    const bus = new MemoryBus();
    const listeners: ((event: RealtimeEvent) => void)[] = [];
    const subscribe = bus.subscribe.bind(bus);
    bus.subscribe = (listener) => (listeners.push(listener), subscribe(listener));
    const server = await startRealtimeServer(bus, { access: websocketAccess(db), lateAnnouncementMs });
    try {
      const { client, lastEventId } = await clientThatSaw(server.url, (id) => bus.publish(signal(id)));
      await closed(client);
      for (const id of ['m1', 'm2']) await bus.publish(signal(id));
      const resumed = await connectWs(server.url, session);
      resumed.send({ type: 'subscribe', channel: 'signals', lastEventId });
      expect(await resumed.next('subscribed')).toEqual({ type: 'subscribed', channel: 'signals', replayed: 2, complete: true });
      const replayed = await eventsUntil(resumed, 'm2');
      expect(dataIds(replayed)).toEqual(['m1', 'm2']);
      const m2 = replayed[1]!;
      // Its data and its logged id, heard once more.
      const announceM2Again = () => {
        for (const listener of listeners) listener({ type: 'new_signal', data: m2.data, id: m2.id });
      };
      try {
        await run({ resumed, announceM2Again, bus });
      } finally {
        resumed.socket.close();
      }
    } finally {
      await server.close();
      await bus.close();
    }
  }

  it('drops a replayed event whose announcement reaches the server after the replay', async () => {
    await afterReplay(undefined, async ({ resumed, announceM2Again, bus }) => {
      announceM2Again();
      await bus.publish(signal('live'));
      expect(dataIds(await eventsUntil(resumed, 'live'))).toEqual(['live']);
    });
  });

  it('looks for late announcements only for a while after the replay', async () => {
    await afterReplay(200, async ({ resumed, announceM2Again, bus }) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Past the window an announcement is taken as live (the browser's client drops an id it holds).
      announceM2Again();
      await bus.publish(signal('live'));
      expect(dataIds(await eventsUntil(resumed, 'live'))).toEqual(['m2', 'live']);
    });
  });

  for (const unsubscribeFirst of [true, false]) {
    it(`does not hold a fresh subscription to what an earlier replay sent (${unsubscribeFirst ? 'after an unsubscribe' : 'subscribed again at once'})`, async () => {
      await afterReplay(undefined, async ({ resumed, announceM2Again, bus }) => {
        if (unsubscribeFirst) {
          resumed.send({ type: 'unsubscribe', channel: 'signals' });
          await resumed.next('unsubscribed');
        }
        resumed.send({ type: 'subscribe', channel: 'signals' });
        await resumed.next('subscribed');
        announceM2Again();
        await bus.publish(signal('live'));
        expect(dataIds(await eventsUntil(resumed, 'live'))).toEqual(['m2', 'live']);
      });
    });
  }

  it('says when the log no longer holds everything after the id', async () => {
    const client = await connectWs(harness.url, session);
    // An id from before this log began (a process that has since restarted).
    client.send({ type: 'subscribe', channel: 'signals', lastEventId: '1-0' });
    expect(await client.next('subscribed')).toEqual({ type: 'subscribed', channel: 'signals', replayed: 0, complete: false });
    client.socket.close();
  });

  it('replays nothing of a channel the plan does not cover', async () => {
    await harness.close();
    const everything = websocketAccess(db);
    harness = await startServer(bus, { ...everything, maySubscribe: (holder, channel) => channel !== 'companies' && everything.maySubscribe(holder, channel) });
    const lastEventId = await bus.lastEventId();
    await bus.publish({ type: 'company_update', data: { id: 'c1' } });
    const client = await connectWs(harness.url, session);
    client.send({ type: 'subscribe', channel: 'companies', lastEventId });
    expect(await client.next('error')).toEqual({ type: 'error', channel: 'companies', data: { message: 'This channel is not part of your plan.' } });
    expect(await receivedEvents(client)).toEqual([]);
    client.socket.close();
  });

  it('rejects a malformed last id like any unsupported message', async () => {
    const client = await connectWs(harness.url, session);
    client.send({ type: 'subscribe', channel: 'signals', lastEventId: '$' });
    expect(await client.next('error')).toEqual({ type: 'error', data: { message: 'Unsupported message' } });
    client.socket.close();
  });
});

describe('replay between the HTTP process and its background process (bridged in-memory buses)', () => {
  let primary: BridgedBus;
  let replica: BridgedBus;
  let harness: RealtimeHarness;
  beforeEach(async () => {
    // What process.send does to a message: a copy, delivered later.
    primary = new BridgedBus((message: BridgeMessage) => setImmediate(() => replica.receive(structuredClone(message))), 'primary');
    replica = new BridgedBus((message: BridgeMessage) => setImmediate(() => primary.receive(structuredClone(message))), 'replica');
    harness = await startServer(replica);
  });
  afterEach(async () => {
    await harness.close();
    await Promise.all([primary.close(), replica.close()]);
  });

  it('replays, on the replica that serves the sockets, what the primary logged', async () => {
    const { client, lastEventId } = await clientThatSaw(harness.url, (id) => primary.publish(signal(id)));
    await closed(client);

    await primary.publish(signal('from-http-1'));
    // Published in the background process: logged by the primary, which gives it its id.
    await replica.publish(signal('from-background'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await primary.publish(signal('from-http-2'));
    await new Promise((resolve) => setTimeout(resolve, 50));

    const again = await connectWs(harness.url, session);
    again.send({ type: 'subscribe', channel: 'signals', lastEventId });
    expect(await again.next('subscribed')).toMatchObject({ replayed: 3, complete: true });
    expect(dataIds(await receivedEvents(again))).toEqual(['from-http-1', 'from-background', 'from-http-2']);
    again.socket.close();
  });

  it('loses and repeats nothing when events keep coming while it resumes', async () => {
    await resumesWhilePublishing(harness.url, (id) => primary.publish(signal(id)));
  });
});

describe('an event log that does not answer', () => {
  it('greets without a head and answers a resume as incomplete within seconds, not never', async () => {
    // Nothing listens on port 1: every Redis command waits out its retries.
    const bus = new RedisBus('redis://127.0.0.1:1/0');
    const harness = await startServer(bus);
    try {
      const client = await connectWs(harness.url, session);
      const startedAt = Date.now();
      expect((await client.next('connected')).data).not.toHaveProperty('lastEventId');
      client.send({ type: 'subscribe', channel: 'signals', lastEventId: '1-0' });
      expect(await client.next('subscribed')).toEqual({ type: 'subscribed', channel: 'signals', replayed: 0, complete: false });
      expect(Date.now() - startedAt).toBeLessThan(6_000);
      client.socket.close();
    } finally {
      await harness.close();
      await bus.close();
    }
  });
});

const redisUrl = process.env.REDIS_URL;
(redisUrl ? describe : describe.skip)('replay across processes (REDIS_URL)', () => {
  // Closed after each test even when it fails: open Redis connections would keep jest alive.
  const opened: { close: () => Promise<unknown> }[] = [];
  const buses = (count: number) => {
    const created = Array.from({ length: count }, () => new RedisBus(redisUrl!));
    opened.push(...created);
    return created;
  };
  const server = async (bus: EventBus) => {
    const harness = await startServer(bus);
    opened.unshift(harness);
    return harness;
  };
  afterEach(async () => {
    for (const resource of opened.splice(0)) await resource.close().catch(() => undefined);
  });

  it('replays on one process what another published while the client was away', async () => {
    // The process the client was on (it dies), the one that publishes, the one the client reconnects to.
    const [first, publisher, second] = buses(3) as [RedisBus, RedisBus, RedisBus];
    await Promise.all([first.whenReady(), publisher.whenReady(), second.whenReady()]);
    const [a, b] = await Promise.all([server(first), server(second)]);
    const { client, lastEventId } = await clientThatSaw(a.url, (id) => publisher.publish(signal(id)));
    await a.close();
    await first.close();
    await closedAlready(client);

    const published: string[] = [];
    for (let n = 1; n <= 5; n += 1) published.push((await publisher.publish(signal(`missed-${n}`)))!);
    await publisher.publish({ type: 'company_update', data: { id: 'other-channel' } });

    const again = await connectWs(b.url, session);
    again.send({ type: 'subscribe', channel: 'signals', lastEventId });
    expect(await again.next('subscribed')).toEqual({ type: 'subscribed', channel: 'signals', replayed: 5, complete: true });
    await publisher.publish(signal('live'));
    const events = await eventsUntil(again, 'live');
    expect(dataIds(events)).toEqual(['missed-1', 'missed-2', 'missed-3', 'missed-4', 'missed-5', 'live']);
    // The ids the publisher got back are the ones the client received.
    expect(events.slice(0, 5).map((event) => event.id)).toEqual(published);
    again.socket.close();
  });

  it('gives every process the same id for an event, and the log the same order', async () => {
    const [one, two] = buses(2) as [RedisBus, RedisBus];
    await Promise.all([one.whenReady(), two.whenReady()]);
    const heardOnTwo: string[] = [];
    two.subscribe((event) => event.id && heardOnTwo.push(event.id));
    const start = await one.lastEventId();
    const ids = await Promise.all([one.publish(signal('x')), two.publish(signal('y')), one.publish(signal('z'))]);
    const deadline = Date.now() + 2_000;
    while (heardOnTwo.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect([...heardOnTwo].sort(compareEventIds)).toEqual([...(ids as string[])].sort(compareEventIds));
    const replay = await two.replay(start, 'signals');
    expect(replay.events.map((event) => event.id)).toEqual([...(ids as string[])].sort(compareEventIds));
  });

  it('loses and repeats nothing when events keep coming while it resumes', async () => {
    const [serving, publisher] = buses(2) as [RedisBus, RedisBus];
    await Promise.all([serving.whenReady(), publisher.whenReady()]);
    const harness = await server(serving);
    await resumesWhilePublishing(harness.url, (id) => publisher.publish(signal(id)));
  });
});

function closedAlready(client: Client) {
  return new Promise<void>((resolve) => (client.socket.readyState === client.socket.CLOSED ? resolve() : client.socket.once('close', () => resolve())));
}
