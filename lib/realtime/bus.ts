import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import Redis from 'ioredis';
import { setBounded } from '../bounded-map';
import { getEnv } from '../env';
import { channelOf, realtimeEventSchema, type Channel, type RealtimeEvent } from './channels';
import { compareEventIds, EventLog, maxReplayEvents, type LoggedEvent, type Replay } from './event-ids';

// One bus per process, shared through globalThis: server.ts (plain Node) and Next's bundled route
// handlers load this module separately, and both must reach the same listeners.

type BusKind = 'memory' | 'redis';
export type BusStatus = { kind: BusKind; status: 'up' | 'down' };
type Listener = (event: RealtimeEvent) => void;

/**
 * Messages between server processes that browsers never see: which tables a write changed, so every
 * process drops what it cached from them (lib/cache); whose access to /ws may have ended, so every
 * WebSocket server re-checks those sockets. They travel beside the realtime events, on their own channel.
 */
export type ControlMessage =
  | {
      kind: 'tables_changed';
      tables: string[];
      /** The process that announced it. */
      origin?: string;
    }
  | { kind: 'access_changed'; userIds: string[]; sessionIds: string[] };
type ControlListener = (message: ControlMessage) => void;

export interface EventBus {
  readonly kind: BusKind;
  /** Logs the event under a new id and delivers it; resolves to that id where this process learns it. */
  publish(event: RealtimeEvent): Promise<string | undefined>;
  /** The newest id in the event log: a new socket's first cursor. */
  lastEventId(): Promise<string>;
  /** What the log holds on `channel` after `afterId`, oldest first (a reconnecting client's missed events). */
  replay(afterId: string, channel: Channel): Promise<Replay>;
  subscribe(listener: Listener): () => void;
  publishControl(message: ControlMessage): Promise<void>;
  subscribeControl(listener: ControlListener): () => void;
  status(): Promise<BusStatus>;
  close(): Promise<void>;
  /** Whether the bus reaches the other processes now; absent: always (an in-memory bus). */
  readonly connected?: boolean;
  /** Calls `listener` each time the bus loses or regains the other processes; absent: never happens. */
  onConnectionChange?(listener: (connected: boolean) => void): () => void;
}

/** Delivers to this process's listeners; the buses below add the log and the other processes. */
class LocalListeners {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  emit(event: RealtimeEvent) {
    this.emitter.emit('event', event);
  }

  subscribe(listener: Listener) {
    this.emitter.on('event', listener);
    return () => void this.emitter.off('event', listener);
  }

  emitControl(message: ControlMessage) {
    this.emitter.emit('control', message);
  }

  subscribeControl(listener: ControlListener) {
    this.emitter.on('control', listener);
    return () => void this.emitter.off('control', listener);
  }

  close() {
    this.emitter.removeAllListeners();
  }
}

/** One process, no Redis: the event log is this process's (scripts, tests, bench:ws). */
export class MemoryBus implements EventBus {
  readonly kind = 'memory' as const;
  private readonly local = new LocalListeners();
  private readonly log = new EventLog();

  async publish(event: RealtimeEvent) {
    const logged = this.log.append(event);
    this.local.emit(logged);
    return logged.id;
  }

  async lastEventId() {
    return this.log.head();
  }

  async replay(afterId: string, channel: Channel) {
    return this.log.after(afterId, onChannel(channel));
  }

  subscribe(listener: Listener) {
    return this.local.subscribe(listener);
  }

  async publishControl(message: ControlMessage) {
    this.local.emitControl(message);
  }

  subscribeControl(listener: ControlListener) {
    return this.local.subscribeControl(listener);
  }

  async status(): Promise<BusStatus> {
    return { kind: this.kind, status: 'up' };
  }

  async close() {
    this.local.close();
  }
}

/**
 * What a bridged bus sends its peer process. `bus:event` from the primary carries the event's id; from
 * the replica it carries none, and the primary logs it and sends it back with one. The replica asks the
 * primary for the log's head and for replays (`bus:log`), by request number.
 */
export type BridgeMessage =
  | { type: 'bus:event'; event: RealtimeEvent }
  | { type: 'bus:control'; message: ControlMessage }
  | { type: 'bus:log'; request: number; afterId?: string; channel?: Channel }
  | { type: 'bus:logged'; request: number; head: string; replay?: Replay };

/** How long the replica waits for the primary's answer about the log before giving up on it. */
const logRequestMs = 5_000;

/**
 * The in-memory bus of one of two processes joined by an IPC channel (server.ts and its background
 * process, without REDIS_URL). The primary (server.ts, which outlives a background process restarted
 * after a crash) holds the event log and gives every event its id; the replica's events go through it.
 * An event reaches the listeners of both processes once; control messages go both ways as they are.
 */
export class BridgedBus implements EventBus {
  readonly kind = 'memory' as const;
  private readonly local = new LocalListeners();
  private readonly log: EventLog | undefined;
  private requests = 0;
  private readonly pending = new Map<number, (answer: { head: string; replay?: Replay }) => void>();

  /** `send` reaches the peer, or drops the message when there is none (a background process restarting). */
  constructor(
    private readonly send: (message: BridgeMessage) => void,
    readonly role: 'primary' | 'replica' = 'primary',
  ) {
    if (role === 'primary') this.log = new EventLog();
  }

  async publish(event: RealtimeEvent) {
    if (!this.log) {
      // Delivered here when the primary sends it back with its id.
      this.send({ type: 'bus:event', event: { type: event.type, data: event.data } });
      return undefined;
    }
    const logged = this.log.append(event);
    this.local.emit(logged);
    this.send({ type: 'bus:event', event: logged });
    return logged.id;
  }

  async lastEventId() {
    return this.log ? this.log.head() : (await this.ask({})).head;
  }

  async replay(afterId: string, channel: Channel) {
    if (this.log) return this.log.after(afterId, onChannel(channel));
    const { replay } = await this.ask({ afterId, channel });
    return replay ?? { events: [], complete: false };
  }

  subscribe(listener: Listener) {
    return this.local.subscribe(listener);
  }

  async publishControl(message: ControlMessage) {
    this.local.emitControl(message);
    this.send({ type: 'bus:control', message });
  }

  subscribeControl(listener: ControlListener) {
    return this.local.subscribeControl(listener);
  }

  /** A message from the peer; anything else on the channel is ignored (false). */
  receive(message: unknown): boolean {
    const bridged = message as BridgeMessage | null;
    switch (bridged?.type) {
      case 'bus:event':
        if (this.log) void this.publish(bridged.event);
        else this.local.emit(bridged.event);
        return true;
      case 'bus:control':
        this.local.emitControl(bridged.message);
        return true;
      case 'bus:log':
        if (this.log) {
          const { request, afterId, channel } = bridged;
          const replay = afterId && channel ? this.log.after(afterId, onChannel(channel)) : undefined;
          this.send({ type: 'bus:logged', request, head: this.log.head(), ...(replay ? { replay } : {}) });
        }
        return true;
      case 'bus:logged':
        this.pending.get(bridged.request)?.(bridged);
        this.pending.delete(bridged.request);
        return true;
      default:
        return false;
    }
  }

  private ask(question: { afterId?: string; channel?: Channel }) {
    const request = (this.requests += 1);
    return new Promise<{ head: string; replay?: Replay }>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(request);
        reject(new Error('the event log did not answer'));
      }, logRequestMs);
      timer.unref();
      this.pending.set(request, (answer) => (clearTimeout(timer), resolve(answer)));
      this.send({ type: 'bus:log', request, ...question });
    });
  }

  async status(): Promise<BusStatus> {
    return { kind: this.kind, status: 'up' };
  }

  async close() {
    this.local.close();
  }
}

/** Delivers a peer's bridged message to `local`'s listeners only; false for anything else on the channel. */
function deliverBridged(local: LocalListeners, message: unknown): boolean {
  const bridged = message as BridgeMessage | null;
  if (bridged?.type === 'bus:event') local.emit(bridged.event);
  else if (bridged?.type === 'bus:control') local.emitControl(bridged.message);
  else return false;
  return true;
}

const redisChannel = 'treasury:realtime';
const controlChannel = 'treasury:control';

/**
 * Redis pub/sub ignores the database number: two deployments on one Redis, each with its own database
 * (and so its own event log), would hear each other's events and control messages. Channels other than
 * database 0's carry its number.
 */
function channelsOf(database: number | undefined) {
  const suffix = database ? `:${database}` : '';
  return { events: `${redisChannel}${suffix}`, control: `${controlChannel}${suffix}` };
}
/** The event log all processes share: a capped stream whose entry ids are the events' ids. */
const streamKey = 'treasury:events';
const streamLength = 10_000;
const replayBatch = 500;
/** Log entries kept parsed by id (lib/realtime/event-ids.ts: a resume reads at most maxReplayEvents). */
const parsedEntriesKept = 2 * maxReplayEvents;

/**
 * Logs an event and announces it in one step, so every process hears the events in the order of their
 * ids. The announcement is the logged JSON with the id and the publishing bus's origin put in front.
 */
const publishEventScript = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'e', ARGV[2])
redis.call('PUBLISH', ARGV[3], '{"id":"' .. id .. '","origin":"' .. ARGV[4] .. '",' .. string.sub(ARGV[2], 2))
return id`;
type WithPublishEvent = Redis & {
  publishEvent(key: string, maxLength: number, json: string, channel: string, origin: string): Promise<string>;
};

/**
 * Fans every event out to all processes subscribed to the same Redis, this one included: its own
 * listeners once Redis has given the event its id, the others through Redis.
 *
 * While Redis is out of reach the bus degrades to local delivery: this process's listeners, and the
 * peer process of server.ts and its background process through `peer` (their IPC channel), so the
 * sockets there still get what this side publishes, without an id (no log holds it). Other instances
 * miss those messages. ioredis reconnects by itself; on every new connection the bus subscribes again
 * and reports it is connected.
 */
export class RedisBus implements EventBus {
  readonly kind = 'redis' as const;
  private readonly local = new LocalListeners();
  /** Marks the events this bus published, so their echo from Redis is not delivered a second time. */
  private readonly origin = randomUUID();
  private readonly publisher: WithPublishEvent;
  private readonly subscriber: Redis;
  private readonly ready: Promise<unknown>;
  /** Subscribed to both channels on the subscriber's current connection. */
  private joined = false;
  /** The first subscription has succeeded or failed: until then a publisher waits for it. */
  private started = false;
  /** The publishing connection was lost and has not come back (while it first connects, it queues). */
  private publisherLost = false;
  /** What listeners were last told; until the first attempt settles the bus counts as connected. */
  private lastConnected = true;
  private readonly connection = new EventEmitter().setMaxListeners(0);
  private readonly channels: { events: string; control: string };
  private readonly parsedEntries = new Map<string, LoggedEvent | null>();

  constructor(
    url: string,
    private readonly peer?: (message: BridgeMessage) => void,
  ) {
    const options = { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true };
    this.publisher = new Redis(url, options) as WithPublishEvent;
    this.publisher.defineCommand('publishEvent', { numberOfKeys: 1, lua: publishEventScript });
    this.subscriber = new Redis(url, options);
    this.channels = channelsOf(this.publisher.options.db);
    // A lost Redis must not crash the server; status() reports it and ioredis reconnects.
    this.publisher.on('error', () => {});
    this.subscriber.on('error', () => {});
    this.subscriber.on('message', (channel: string, payload: string) => {
      if (channel === this.channels.control) {
        const message = parseControl(payload);
        if (message) this.local.emitControl(message);
        return;
      }
      const received = parseEvent(payload);
      if (received && received.origin !== this.origin) this.local.emit(received.event);
    });
    // Each new connection subscribes again: ioredis re-subscribes only channels a connection had
    // joined, and a bus started while Redis was down never had.
    this.subscriber.on('ready', this.onSubscriberReady).on('close', this.onSubscriberClose);
    this.publisher.on('ready', this.onPublisherReady).on('close', this.onPublisherClose);
    this.ready = this.join().finally(() => {
      this.started = true;
      this.reportConnection();
    });
  }

  private readonly onSubscriberReady = () => void this.join();
  private readonly onSubscriberClose = () => {
    this.joined = false;
    this.reportConnection();
  };
  private readonly onPublisherReady = () => {
    this.publisherLost = false;
    this.reportConnection();
  };
  private readonly onPublisherClose = () => {
    this.publisherLost = true;
    this.reportConnection();
  };

  private join(): Promise<void> {
    return this.subscriber.subscribe(this.channels.events, this.channels.control).then(
      () => {
        this.joined = this.subscriber.status === 'ready';
        this.reportConnection();
      },
      () => undefined,
    );
  }

  /**
   * Whether Redis carries this bus's messages now: both connections up and the channels joined. Until
   * the first attempt to join settles (a few milliseconds when Redis is there) it is taken as connected,
   * so a process starting does not count as cut off.
   */
  get connected(): boolean {
    return !this.started || (this.joined && this.subscriber.status === 'ready' && !this.publisherLost);
  }

  private reportConnection() {
    if (!this.started) return;
    const connected = this.connected;
    if (connected === this.lastConnected) return;
    this.lastConnected = connected;
    this.connection.emit('change', connected);
  }

  /** Calls `listener` each time the bus loses or regains Redis. */
  onConnectionChange(listener: (connected: boolean) => void): () => void {
    this.connection.on('change', listener);
    return () => void this.connection.off('change', listener);
  }

  async publish(event: RealtimeEvent) {
    const logged = { type: event.type, data: event.data };
    // Cut off from Redis: delivered here and to the peer process at once, without an id.
    const cutOff = () => {
      this.local.emit(logged);
      this.peer?.({ type: 'bus:event', event: logged });
      return undefined;
    };
    if (!this.started) await this.ready;
    if (!this.connected) return cutOff();
    let id: string;
    try {
      id = await this.publisher.publishEvent(streamKey, streamLength, JSON.stringify(logged), this.channels.events, this.origin);
    } catch {
      return cutOff();
    }
    // Without waiting for the echo: on a busy server reading it takes another turn of the event loop
    // (bench:http, fan-out under the HTTP load).
    this.local.emit({ ...logged, id });
    return id;
  }

  async lastEventId() {
    return (await this.streamInfo())?.lastId ?? '0-0';
  }

  async replay(afterId: string, channel: Channel): Promise<Replay> {
    const events: LoggedEvent[] = [];
    for (let cursor = afterId; ; ) {
      const batch = await this.publisher.xrange(streamKey, `(${cursor}`, '+', 'COUNT', replayBatch);
      for (const [id, fields] of batch) {
        const event = this.parsedEntry(id, fields);
        if (!event || channelOf[event.type] !== channel) continue;
        if (events.length === maxReplayEvents) return { events, complete: false };
        events.push(event);
      }
      if (batch.length < replayBatch) break;
      cursor = batch.at(-1)![0];
    }
    // Read after the entries: a trim while they were read shows here.
    const info = await this.streamInfo();
    if (!info) return { events, complete: afterId === '0-0' };
    return { events, complete: compareEventIds(afterId, info.maxDeletedId) >= 0 };
  }

  /**
   * An entry of the log, parsed and checked once: entries never change, and the clients of an instance
   * that went away resume here over many turns of the event loop, each turn's read returning the same ones.
   */
  private parsedEntry(id: string, fields: string[]): LoggedEvent | undefined {
    const known = this.parsedEntries.get(id);
    if (known !== undefined) return known ?? undefined;
    const event = parseLogged(id, fields) ?? null;
    setBounded(this.parsedEntries, id, event, parsedEntriesKept);
    return event ?? undefined;
  }

  /** The stream's newest id and the newest it trimmed (Redis 7; older servers report no trim), or undefined when it does not exist. */
  private async streamInfo(): Promise<{ lastId: string; maxDeletedId: string } | undefined> {
    const reply = (await this.publisher.xinfo('STREAM', streamKey).catch((error: unknown) => {
      if (error instanceof Error && /no such key/i.test(error.message)) return undefined;
      throw error;
    })) as unknown[] | undefined;
    if (!reply) return undefined;
    const field = (name: string) => {
      const index = reply.indexOf(name);
      return index >= 0 && typeof reply[index + 1] === 'string' ? (reply[index + 1] as string) : undefined;
    };
    return { lastId: field('last-generated-id') ?? '0-0', maxDeletedId: field('max-deleted-entry-id') ?? '0-0' };
  }

  subscribe(listener: Listener) {
    return this.local.subscribe(listener);
  }

  async publishControl(message: ControlMessage) {
    // Connected, this process hears its own message back from Redis; cut off, it delivers it here.
    const cutOff = () => {
      this.local.emitControl(message);
      this.peer?.({ type: 'bus:control', message });
    };
    if (!this.started) await this.ready;
    if (!this.connected) return cutOff();
    try {
      await this.publisher.publish(this.channels.control, JSON.stringify(message));
    } catch {
      cutOff();
    }
  }

  subscribeControl(listener: ControlListener) {
    return this.local.subscribeControl(listener);
  }

  /** A message from the peer process (sent while its Redis was out of reach); false for anything else. */
  receive(message: unknown): boolean {
    return deliverBridged(this.local, message);
  }

  /** Resolves once this process receives what others publish (or the first attempt failed). */
  async whenReady() {
    await this.ready;
  }

  async status(): Promise<BusStatus> {
    if (!this.started) await withTimeout(this.ready, 1000).catch(() => undefined);
    if (!this.connected) return { kind: this.kind, status: 'down' };
    try {
      await withTimeout(this.publisher.ping(), 1000);
      return { kind: this.kind, status: this.connected ? 'up' : 'down' };
    } catch {
      return { kind: this.kind, status: 'down' };
    }
  }

  async close() {
    this.connection.removeAllListeners();
    // The connections' last events (their close) arrive after this resolves: nothing may act on them.
    this.subscriber.off('ready', this.onSubscriberReady).off('close', this.onSubscriberClose);
    this.publisher.off('ready', this.onPublisherReady).off('close', this.onPublisherClose);
    this.local.close();
    // A client that is reconnecting cannot send QUIT: stop it, or it retries for ever.
    await Promise.allSettled([this.subscriber, this.publisher].map((client) => client.quit().catch(() => client.disconnect())));
  }
}

function parseEvent(payload: string): { event: RealtimeEvent; origin?: string } | undefined {
  try {
    const json = JSON.parse(payload) as { origin?: unknown } | null;
    const parsed = realtimeEventSchema.safeParse(json);
    if (!parsed.success) return undefined;
    return { event: parsed.data as RealtimeEvent, ...(typeof json?.origin === 'string' ? { origin: json.origin } : {}) };
  } catch {
    return undefined;
  }
}

function onChannel(channel: Channel) {
  return (event: RealtimeEvent) => channelOf[event.type] === channel;
}

function parseLogged(id: string, fields: string[]): LoggedEvent | undefined {
  const index = fields.indexOf('e');
  const event = index < 0 || fields[index + 1] === undefined ? undefined : parseEvent(fields[index + 1]!)?.event;
  return event && { type: event.type, data: event.data, id };
}

function parseControl(payload: string): ControlMessage | undefined {
  try {
    const message = JSON.parse(payload) as Record<string, unknown> | null;
    if (message?.kind === 'tables_changed' && Array.isArray(message.tables)) {
      return { kind: 'tables_changed', tables: strings(message.tables), ...(typeof message.origin === 'string' ? { origin: message.origin } : {}) };
    }
    if (message?.kind === 'access_changed' && Array.isArray(message.userIds) && Array.isArray(message.sessionIds)) {
      return { kind: 'access_changed', userIds: strings(message.userIds), sessionIds: strings(message.sessionIds) };
    }
    return undefined;
  } catch {
    return undefined;
  }
}

function strings(values: unknown[]): string[] {
  return values.filter((value): value is string => typeof value === 'string');
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}

export function createBus(redisUrl = getEnv().REDIS_URL): EventBus {
  return redisUrl ? new RedisBus(redisUrl) : new MemoryBus();
}

const globalForBus = globalThis as typeof globalThis & { __treasuryBus?: EventBus };

/**
 * Makes `bus` the process's bus; before anything calls getBus(), or that call opens another. A bus it
 * replaces is closed: its Redis connections would otherwise keep the process alive.
 */
export function installBus(bus: EventBus) {
  const previous = globalForBus.__treasuryBus;
  globalForBus.__treasuryBus = bus;
  if (previous && previous !== bus) void previous.close();
}

export function getBus(): EventBus {
  globalForBus.__treasuryBus ??= createBus();
  return globalForBus.__treasuryBus;
}

/** The process's bus if something already opened it; writers use it without opening one (scripts, tests). */
export function existingBus(): EventBus | undefined {
  return globalForBus.__treasuryBus;
}

export async function closeBus() {
  const bus = globalForBus.__treasuryBus;
  globalForBus.__treasuryBus = undefined;
  await bus?.close();
}

/**
 * Tells every process's WebSocket server that these users' or sessions' access may have ended (sign-out,
 * a revoked session, a lapsed plan): each re-checks those sockets and closes the ones that lost it.
 * With REDIS_URL the message reaches every instance; without it, the bus this process opened (bridged to
 * its background process). A writer with neither serves no sockets, and the servers' periodic re-check
 * catches what it changed.
 */
export function announceAccessChanged({ userIds = [], sessionIds = [] }: { userIds?: string[]; sessionIds?: string[] }) {
  const bus = process.env.REDIS_URL?.trim() ? getBus() : existingBus();
  bus?.publishControl({ kind: 'access_changed', userIds, sessionIds }).catch(() => undefined);
}
