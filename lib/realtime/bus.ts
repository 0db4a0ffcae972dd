import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import Redis from 'ioredis';
import { getEnv } from '../env';
import { realtimeEventSchema, type RealtimeEvent } from './channels';

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
  publish(event: RealtimeEvent): Promise<void>;
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

export class MemoryBus implements EventBus {
  readonly kind = 'memory' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(event: RealtimeEvent) {
    this.emitter.emit('event', event);
  }

  subscribe(listener: Listener) {
    this.emitter.on('event', listener);
    return () => void this.emitter.off('event', listener);
  }

  async publishControl(message: ControlMessage) {
    this.emitter.emit('control', message);
  }

  subscribeControl(listener: ControlListener) {
    this.emitter.on('control', listener);
    return () => void this.emitter.off('control', listener);
  }

  async status(): Promise<BusStatus> {
    return { kind: this.kind, status: 'up' };
  }

  async close() {
    this.emitter.removeAllListeners();
  }
}

/** What a bridged bus sends its peer process: an event, or a control message, to deliver there. */
export type BridgeMessage = { type: 'bus:event'; event: RealtimeEvent } | { type: 'bus:control'; message: ControlMessage };

/**
 * The in-memory bus of one of two processes joined by an IPC channel (server.ts and its background
 * process, without REDIS_URL): what this process publishes reaches its own listeners and the peer's;
 * what arrives from the peer is delivered here only, so nothing comes back.
 */
export class BridgedBus implements EventBus {
  readonly kind = 'memory' as const;
  private readonly local = new MemoryBus();

  /** `send` reaches the peer, or drops the message when there is none (a background process restarting). */
  constructor(private readonly send: (message: BridgeMessage) => void) {}

  async publish(event: RealtimeEvent) {
    void this.local.publish(event);
    this.send({ type: 'bus:event', event });
  }

  subscribe(listener: Listener) {
    return this.local.subscribe(listener);
  }

  async publishControl(message: ControlMessage) {
    void this.local.publishControl(message);
    this.send({ type: 'bus:control', message });
  }

  subscribeControl(listener: ControlListener) {
    return this.local.subscribeControl(listener);
  }

  /** A message from the peer; anything else on the channel is ignored (false). */
  receive(message: unknown): boolean {
    return deliverBridged(this.local, message);
  }

  async status(): Promise<BusStatus> {
    return { kind: this.kind, status: 'up' };
  }

  async close() {
    await this.local.close();
  }
}

/** Delivers a peer's bridged message to `local`'s listeners only; false for anything else on the channel. */
function deliverBridged(local: MemoryBus, message: unknown): boolean {
  const bridged = message as BridgeMessage | null;
  if (bridged?.type === 'bus:event') void local.publish(bridged.event);
  else if (bridged?.type === 'bus:control') void local.publishControl(bridged.message);
  else return false;
  return true;
}

const redisChannel = 'treasury:realtime';
const controlChannel = 'treasury:control';

/**
 * Fans every event out to all processes subscribed to the same Redis, this one included: its own
 * listeners at once, the others through Redis.
 *
 * While Redis is out of reach the bus degrades to local delivery: this process's listeners, and the
 * peer process of server.ts and its background process through `peer` (their IPC channel), so the
 * sockets there still get what this side publishes. Other instances miss those messages. ioredis
 * reconnects by itself; on every new connection the bus subscribes again and reports it is connected.
 */
export class RedisBus implements EventBus {
  readonly kind = 'redis' as const;
  private readonly local = new MemoryBus();
  /** Marks the events this bus published, so their echo from Redis is not delivered a second time. */
  private readonly origin = randomUUID();
  private readonly publisher: Redis;
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

  constructor(
    url: string,
    private readonly peer?: (message: BridgeMessage) => void,
  ) {
    const options = { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, options);
    // A lost Redis must not crash the server; status() reports it and ioredis reconnects.
    this.publisher.on('error', () => {});
    this.subscriber.on('error', () => {});
    this.subscriber.on('message', (channel: string, payload: string) => {
      if (channel === controlChannel) {
        const message = parseControl(payload);
        if (message) void this.local.publishControl(message);
        return;
      }
      const received = parseEvent(payload);
      if (received && received.origin !== this.origin) void this.local.publish(received.event);
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
    return this.subscriber.subscribe(redisChannel, controlChannel).then(
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
    // This process's sockets need not wait for the round trip through Redis and, on a busy server, a
    // second turn of the event loop before the echo is read (bench:http, fan-out under the HTTP load).
    void this.local.publish(event);
    if (!this.started) await this.ready;
    if (!this.connected) return this.peer?.({ type: 'bus:event', event });
    try {
      await this.publisher.publish(redisChannel, JSON.stringify({ ...event, origin: this.origin }));
    } catch {
      this.peer?.({ type: 'bus:event', event });
    }
  }

  subscribe(listener: Listener) {
    return this.local.subscribe(listener);
  }

  async publishControl(message: ControlMessage) {
    // Connected, this process hears its own message back from Redis; cut off, it delivers it here.
    const cutOff = () => {
      void this.local.publishControl(message);
      this.peer?.({ type: 'bus:control', message });
    };
    if (!this.started) await this.ready;
    if (!this.connected) return cutOff();
    try {
      await this.publisher.publish(controlChannel, JSON.stringify(message));
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
    await this.local.close();
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
