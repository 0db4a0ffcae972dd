import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { channelOf, channels, clientMessageSchema, type Channel, type RealtimeEvent, type ServerMessage } from './channels';
import type { ControlMessage, EventBus } from './bus';
import { setBounded } from '../bounded-map';
import { publicOrigin } from '../http/public-origin';
import { notEntitledCloseCode, serviceRestartCloseCode, sessionEndedCloseCode } from './close-codes';
import { compareEventIds, maxReplayEvents, type Replay } from './event-ids';
import { isAllowedOrigin } from '../http/origin';

export const websocketPath = '/ws';

/**
 * How many connections the kernel may hold for a port that serves /ws before they are accepted. An
 * instance that goes away sends its thousands of clients to the others within milliseconds (they all
 * wait the same 3 s); past Node's default of 511 the kernel drops their SYNs, and each waits a second or
 * more for its retransmission. Linux caps it at net.core.somaxconn (4096 by default since 5.4).
 */
export const listenBacklog = 4096;

/**
 * The path an upgrade request targets, or undefined for a target that is no URL: Node's parser lets
 * `GET http://[ HTTP/1.1` through, and a throw in an 'upgrade' listener would end the process.
 */
export function upgradePathname(target: string | undefined): string | undefined {
  try {
    return new URL(target ?? '/', 'http://localhost').pathname;
  } catch {
    return undefined;
  }
}

const heartbeatMs = 30_000;
/** How long replays are written in one turn of the event loop before the live events get theirs. */
const replaySliceMs = 5;
const maxMessageBytes = 4 * 1024;
/**
 * How long after one read of the event log for resuming clients the next may start. The clients of an
 * instance that went away arrive over a second or two, a few per turn of the event loop; each read of
 * their missed events would parse the same entries again.
 */
const replayReadSpacingMs = 20;
/** The share of a process's time the live fan-out's flushes may take, and the longest one waits for the next (see Outbox). */
const fanOutShare = 0.5;
const maxFanOutWaitMs = 100;

/**
 * How long the event log may take to answer before a socket goes on without it: `connected` without
 * the head, a resume as incomplete (the client refetches). A Redis that does not answer must not hold
 * up greetings or the live events held back during a replay.
 */
const logAnswerMs = 2_000;

/** How often open sockets' sessions are re-checked for what no event announces (an expiry, a lapsed period). */
const defaultAccessCheckMs = 30_000;

/**
 * After a replay, how long live events it already sent are still looked for: with Redis the log can
 * hold an event from another process whose announcement this process reads after the read's answer
 * (the two come on two connections, read in either order). The in-memory buses deliver in order.
 */
const defaultLateAnnouncementMs = 10_000;

/** A live event held back while its channel's missed events are replayed, and its id to drop the ones replayed. */
interface HeldEvent {
  id?: string;
  frame: Buffer;
}

type Client = WebSocket & {
  /** The TCP socket under the WebSocket: corked while a replay or several live frames are written, so they go out in few writes. */
  transport: Duplex;
  channels: Set<Channel>;
  isAlive: boolean;
  holder: SocketHolder;
  /** The channels being replayed, each with the live events that arrived meanwhile. */
  replaying: Map<Channel, HeldEvent[]>;
  /**
   * Per channel, the newest id its last replay sent and until when a live event is checked against it;
   * an expired check is removed when the next event on that channel reaches this client.
   */
  recentReplays: Map<Channel, { through: string; until: number }>;
  /**
   * Live frames not written yet: the Outbox writes them together, and `send` before any message of
   * its own. A close for lost access, a ping or a terminate does not wait for them (they are dropped).
   */
  outgoing: Buffer[];
  /** Whether the Outbox lists this client for its next flush. */
  queued: boolean;
};

/** Who opened a socket: the session it presented, and what the access policy recorded with it. */
export interface SocketHolder {
  sessionId: string;
  userId: string;
  /** The channels the holder's plan covered when admitted. */
  channels: readonly Channel[];
}

/** Why a socket lost its access: its session ended, or its user is no longer entitled. */
export type AccessLoss = 'session' | 'entitlement';

/**
 * Who may use /ws, decided outside this layer (the process's entry point hands it in, lib/auth
 * implements it): this module never reads a cookie or a user itself.
 */
export interface RealtimeAccess {
  /** The holder an upgrade request's cookies name, or the status that refuses it (401 no session, 403 not entitled). */
  admit(request: IncomingMessage): Promise<{ holder: SocketHolder } | { status: 401 | 403 }>;
  maySubscribe(holder: SocketHolder, channel: Channel): boolean;
  /** Of the holders of open sockets, those that lost their access since, by session id. */
  recheck(holders: readonly SocketHolder[]): Promise<Map<string, AccessLoss>>;
}

const closeFor: Record<AccessLoss, { code: number; reason: string }> = {
  session: { code: sessionEndedCloseCode, reason: 'Session ended' },
  entitlement: { code: notEntitledCloseCode, reason: 'Subscription required' },
};

export interface RealtimeServer {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  clientCount(): number;
  /**
   * Refuses new sockets and closes the open ones: 1001 by default; 1012 (service restart) tells them
   * to reconnect at once, to another instance, and resume from their last event.
   */
  close(code?: 1001 | typeof serviceRestartCloseCode): Promise<void>;
}

interface Options {
  bus: EventBus;
  access: RealtimeAccess;
  allowedOrigins?: readonly string[];
  /** The period of the access re-check (tests shorten it). */
  accessCheckMs?: number;
  /** How long after a replay live events it sent are still dropped (tests shorten it). */
  lateAnnouncementMs?: number;
  /** Called after each connect and close (the background process reports clientCount() to server.ts). */
  onClientsChanged?: () => void;
}

export function createRealtimeServer({ bus, access, allowedOrigins = [], accessCheckMs = defaultAccessCheckMs, lateAnnouncementMs = defaultLateAnnouncementMs, onClientsChanged }: Options): RealtimeServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes, clientTracking: true });
  const subscribers: Record<Channel, Set<Client>> = { signals: new Set(), market_data: new Set(), companies: new Set() };

  // Serialised and framed once per event, not once per client (live or replayed): a server's frames are
  // unmasked, so every socket gets the same bytes.
  const frames = new FrameCache();
  const outbox = new Outbox();
  // The clients an instance dropped resume from the same id and share one read of the log, its frames
  // joined once: each of them is sent the replay in one buffer.
  const replays = new SharedReads<Replay & { bytes: Buffer }>(replayReadSpacingMs);
  const replayWrites = new PacedWork(replaySliceMs);
  const heads = new SharedReads<string>();

  const unsubscribeBus = bus.subscribe((event) => {
    const channel = channelOf[event.type];
    const targets = subscribers[channel];
    if (targets.size === 0) return;
    const frame = frames.of(event);
    const now = performance.now();
    for (const client of targets) {
      if (client.readyState !== WebSocket.OPEN) continue;
      const held = client.replaying.get(channel);
      if (held) held.push({ id: event.id, frame });
      else if (client.recentReplays.size === 0 || !sentInReplay(client, channel, event.id, now)) outbox.add(client, frame);
    }
  });

  /**
   * Subscribes a reconnecting client and sends it first what the log holds after its last id, then the
   * live events that arrived meanwhile and were not among those replayed: in order, each once. The
   * channel was checked against the holder's plan as for any subscribe; the replay covers only it.
   */
  const resume = async (client: Client, channel: Channel, afterId: string) => {
    const held: HeldEvent[] = [];
    client.replaying.set(channel, held);
    client.channels.add(channel);
    subscribers[channel].add(client);
    // Clients resuming from the same id before the read starts (an instance's clients arriving together,
    // within replayReadSpacingMs) share one read of the log. It starts after all of them subscribed, so
    // what it misses each one holds.
    const read = async () => {
      const found = await bus.replay(afterId, channel);
      return { ...found, bytes: Buffer.concat(found.events.map((event) => frames.of(event))) };
    };
    const replay = await withTimeout(replays.read(`${channel} ${afterId}`, read), logAnswerMs).catch((error: unknown) => {
      console.error('[realtime] could not read the event log for a resuming client:', error);
      return { events: [], complete: false, bytes: Buffer.alloc(0) };
    });
    // Written in turns of their own, behind the live events (which this client holds until then).
    replayWrites.run(() => {
      // Unsubscribed (or subscribed again) meanwhile: that request answers instead.
      if (client.replaying.get(channel) !== held) return;
      client.replaying.delete(channel);
      if (client.readyState !== WebSocket.OPEN) return;
      // An instance that goes away sends all its clients here at once: one write for the whole replay
      // instead of one per event keeps this event loop's turns short.
      client.transport.cork();
      send(client, { type: 'subscribed', channel, replayed: replay.events.length, complete: replay.complete });
      if (replay.bytes.length > 0) sendFrame(client, replay.bytes);
      const lastId = replay.events.at(-1)?.id ?? afterId;
      for (const { id, frame } of held) {
        if (!id || compareEventIds(id, lastId) > 0) sendFrame(client, frame);
      }
      client.transport.uncork();
      const newestSent = replay.events.at(-1)?.id;
      if (newestSent) client.recentReplays.set(channel, { through: newestSent, until: performance.now() + lateAnnouncementMs });
    });
  };

  /** Closes those of `clients` whose access ended; a failed check (the database unreachable) closes none. */
  const enforceAccess = async (clients: Client[]) => {
    if (clients.length === 0) return;
    const lost = await access.recheck(clients.map((client) => client.holder)).catch((error: unknown) => {
      console.error('[realtime] could not re-check the sessions of open sockets:', error);
      return new Map<string, AccessLoss>();
    });
    for (const client of clients) {
      const loss = lost.get(client.holder.sessionId);
      if (loss && client.readyState === WebSocket.OPEN) client.close(closeFor[loss].code, closeFor[loss].reason);
    }
  };
  const openClients = () => [...wss.clients] as Client[];

  // A sign-out, a revocation or a plan change in any process (the bus carries it to every instance).
  const unsubscribeControl = bus.subscribeControl((message: ControlMessage) => {
    if (message.kind !== 'access_changed') return;
    const [users, sessions] = [new Set(message.userIds), new Set(message.sessionIds)];
    void enforceAccess(openClients().filter(({ holder }) => users.has(holder.userId) || sessions.has(holder.sessionId)));
  });
  let checking = false;
  const accessCheck = setInterval(() => {
    if (checking) return;
    checking = true;
    void enforceAccess(openClients()).finally(() => (checking = false));
  }, accessCheckMs);
  accessCheck.unref();

  const accept = (socket: WebSocket, transport: Duplex, holder: SocketHolder) => {
    const client: Client = Object.assign(socket, { transport, channels: new Set<Channel>(), isAlive: true, holder, replaying: new Map<Channel, HeldEvent[]>(), recentReplays: new Map(), outgoing: [], queued: false });
    // The log's newest id: where this client resumes a channel from if it reconnects before any event on it.
    void withTimeout(heads.read('head', () => bus.lastEventId()), logAnswerMs).then(
      (lastEventId) => send(client, { type: 'connected', data: { channels, serverTime: new Date().toISOString(), lastEventId } }),
      () => send(client, { type: 'connected', data: { channels, serverTime: new Date().toISOString() } }),
    );
    onClientsChanged?.();

    client.on('pong', () => (client.isAlive = true));
    client.on('message', (raw, isBinary) => {
      const message = isBinary ? undefined : parseClientMessage(raw.toString());
      if (!message) return send(client, { type: 'error', data: { message: 'Unsupported message' } });
      switch (message.type) {
        case 'ping':
          return send(client, { type: 'pong', data: { serverTime: new Date().toISOString() } });
        case 'subscribe':
          if (!access.maySubscribe(client.holder, message.channel)) {
            return send(client, { type: 'error', channel: message.channel, data: { message: 'This channel is not part of your plan.' } });
          }
          if (message.lastEventId) return void resume(client, message.channel, message.lastEventId);
          client.replaying.delete(message.channel);
          client.recentReplays.delete(message.channel);
          client.channels.add(message.channel);
          subscribers[message.channel].add(client);
          return send(client, { type: 'subscribed', channel: message.channel });
        case 'unsubscribe':
          client.replaying.delete(message.channel);
          client.recentReplays.delete(message.channel);
          client.channels.delete(message.channel);
          subscribers[message.channel].delete(client);
          return send(client, { type: 'unsubscribed', channel: message.channel });
      }
    });
    client.on('close', () => {
      for (const channel of client.channels) subscribers[channel].delete(client);
      onClientsChanged?.();
    });
    client.on('error', () => client.terminate());
  };

  // Sockets whose peer vanished without a close frame would otherwise stay subscribed forever.
  const heartbeat = setInterval(() => {
    for (const socket of wss.clients) {
      const client = socket as Client;
      if (!client.isAlive) {
        client.terminate();
        continue;
      }
      client.isAlive = false;
      client.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  let closing = false;
  return {
    handleUpgrade(request, socket, head) {
      // Shutting down: the client tries again, and behind a proxy reaches another instance.
      if (closing) return refuseUpgrade(socket, 503);
      // Node's own headers, read as publicOrigin reads a Headers: building one would load the Fetch API
      // into this process with the first socket (a third of a second, while a crowd of sockets waits).
      const headers = { get: (name: string) => nodeHeader(request, name) };
      // Without a usable Host header the fallback `.invalid` host (reserved, RFC 2606) matches no Origin.
      const { host } = publicOrigin(headers, 'http://unknown.invalid/');
      if (!isAllowedOrigin(request.headers.origin, host, allowedOrigins)) return refuseUpgrade(socket, 403);
      // A peer that goes away while its session is looked up must not crash the process.
      socket.on('error', () => socket.destroy());
      access.admit(request).then(
        (admission) => {
          if (socket.destroyed) return;
          if (closing) return refuseUpgrade(socket, 503);
          if ('status' in admission) return refuseUpgrade(socket, admission.status);
          wss.handleUpgrade(request, socket, head, (ws) => accept(ws, socket, admission.holder));
        },
        (error: unknown) => {
          console.error('[realtime] could not check the session of a /ws upgrade:', error);
          refuseUpgrade(socket, 503);
        },
      );
    },
    clientCount: () => wss.clients.size,
    async close(code = 1001) {
      closing = true;
      clearInterval(heartbeat);
      clearInterval(accessCheck);
      unsubscribeBus();
      unsubscribeControl();
      for (const client of wss.clients) {
        // The live events it was due go out before the close frame: a client that resumes elsewhere need not replay them.
        writeOutgoing(client as Client);
        client.close(code, code === serviceRestartCloseCode ? 'Service restart' : 'Server shutting down');
      }
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          for (const client of wss.clients) client.terminate();
          resolve();
        }, 1000);
        force.unref();
        wss.close(() => (clearTimeout(force), resolve()));
      });
    },
  };
}

/** A request header as one string (Node lower-cases the names), or null as Headers.get answers for a missing one. */
function nodeHeader(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : null;
}

const statusLines = { 400: '400 Bad Request', 401: '401 Unauthorized', 403: '403 Forbidden', 404: '404 Not Found', 503: '503 Service Unavailable' } as const;

/** Answers an upgrade with an HTTP status instead of switching protocols. */
export function refuseUpgrade(socket: Duplex, status: keyof typeof statusLines) {
  socket.end(`HTTP/1.1 ${statusLines[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

/**
 * Reads asked for under one key before the call starts share it. It starts on the next turn of the
 * event loop or, if that is later, `spacingMs` after the last read that had begun when it was first
 * asked for (reads under different keys may start together). Everyone who joined did so before it
 * began, so its answer is as fresh as a read of their own.
 */
class SharedReads<T> {
  private readonly waiting = new Map<string, Promise<T>>();
  private nextStartAt = 0;

  constructor(private readonly spacingMs = 0) {}

  read(key: string, load: () => Promise<T>): Promise<T> {
    const joined = this.waiting.get(key);
    if (joined) return joined;
    const shared = new Promise<T>((resolve, reject) => {
      const start = () => {
        this.waiting.delete(key);
        this.nextStartAt = performance.now() + this.spacingMs;
        load().then(resolve, reject);
      };
      const wait = this.nextStartAt - performance.now();
      // A process that is stopping need not wait for it: its sockets are being closed.
      if (wait > 0) setTimeout(start, wait).unref();
      else setImmediate(start);
    });
    this.waiting.set(key, shared);
    return shared;
  }
}

/**
 * Work that may wait behind the live fan-out: each turn of the event loop runs queued jobs for at most
 * `sliceMs`, then yields, so that a flush of live events that is due goes out before the next slice.
 * The clients of an instance that went away arrive at another together; their replays must not hold up
 * every other client's live events.
 */
class PacedWork {
  private jobs: (() => void)[] = [];
  private scheduled = false;

  constructor(private readonly sliceMs: number) {}

  run(job: () => void) {
    this.jobs.push(job);
    this.schedule();
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.runSlice());
  }

  private runSlice() {
    this.scheduled = false;
    const deadline = performance.now() + this.sliceMs;
    let done = 0;
    while (done < this.jobs.length && (done === 0 || performance.now() < deadline)) {
      try {
        this.jobs[done++]!();
      } catch (error) {
        // One client's failed write must not hold up the others' replays.
        console.error('[realtime] a queued replay failed:', error);
      }
    }
    this.jobs = this.jobs.slice(done);
    if (this.jobs.length > 0) this.schedule();
  }
}

/** The frames of the latest events by id, for the live fan-out and for replays of them. */
class FrameCache {
  private readonly byId = new Map<string, Buffer>();

  constructor(private readonly capacity = 2 * maxReplayEvents) {}

  of(event: RealtimeEvent): Buffer {
    const known = event.id ? this.byId.get(event.id) : undefined;
    if (known) return known;
    const frame = textFrame(Buffer.from(JSON.stringify(eventMessage(event))));
    if (!event.id) return frame;
    setBounded(this.byId, event.id, frame, this.capacity);
    return frame;
  }
}

/**
 * The live fan-out's writes: one per socket for all the events that reached the process since its last
 * flush. A socket write costs several microseconds, most of them in the kernel, and an instance with
 * thousands of sockets spends tens of milliseconds on one event's; events that arrive meanwhile leave
 * together after it instead of queueing ever more writes. After a flush that took d ms the next waits
 * until d / fanOutShare after it began, so that flushes of up to 50 ms take at most half the process's
 * time (handshakes, replays and heartbeats need the rest); it waits `maxFanOutWaitMs` at most, so
 * longer flushes follow each other. An event that finds the process idle goes out on the next turn.
 */
class Outbox {
  private waiting: Client[] = [];
  private nextFlushAt = 0;

  add(client: Client, frame: Buffer) {
    client.outgoing.push(frame);
    if (client.queued) return;
    client.queued = true;
    if (this.waiting.push(client) > 1) return;
    const wait = this.nextFlushAt - performance.now();
    if (wait <= 0) setImmediate(() => this.flush());
    // A shutdown writes every client's frames itself: this timer need not keep the process up.
    else setTimeout(() => this.flush(), wait).unref();
  }

  private flush() {
    const startedAt = performance.now();
    const clients = this.waiting;
    this.waiting = [];
    for (const client of clients) {
      client.queued = false;
      writeOutgoing(client);
    }
    this.nextFlushAt = startedAt + Math.min(maxFanOutWaitMs, (performance.now() - startedAt) / fanOutShare);
  }
}

/** Writes what the fan-out left for a client, corked: in one system call unless the socket still holds earlier bytes. */
function writeOutgoing(client: Client) {
  const frames = client.outgoing;
  if (frames.length === 0) return;
  client.outgoing = [];
  if (client.readyState !== WebSocket.OPEN) return;
  if (frames.length === 1) return void client.transport.write(frames[0]);
  client.transport.cork();
  for (const frame of frames) client.transport.write(frame);
  client.transport.uncork();
}

/** A whole unmasked, unfragmented text frame (RFC 6455 §5.2) around a UTF-8 payload. */
export function textFrame(payload: Buffer): Buffer {
  const { length } = payload;
  const lengthBytes = length < 126 ? 0 : length < 65_536 ? 2 : 8;
  const frame = Buffer.allocUnsafe(2 + lengthBytes + length);
  frame[0] = 0x81; // FIN, text
  if (lengthBytes === 0) frame[1] = length;
  else if (lengthBytes === 2) [frame[1]] = [126, frame.writeUInt16BE(length, 2)];
  else [frame[1]] = [127, frame.writeBigUInt64BE(BigInt(length), 2)];
  payload.copy(frame, 2 + lengthBytes);
  return frame;
}

/**
 * Writes a prepared frame under ws: the server sends no compressed or fragmented messages, so ws's
 * sender never holds a frame back and this one goes out in order with those ws writes.
 */
function sendFrame(client: Client, frame: Buffer) {
  if (client.readyState === WebSocket.OPEN) client.transport.write(frame);
}

/** Whether a live event was among those the channel's last replay sent (checked for lateAnnouncementMs after it). */
function sentInReplay(client: Client, channel: Channel, id: string | undefined, now: number): boolean {
  const replayed = client.recentReplays.get(channel);
  if (!replayed || !id) return false;
  if (now <= replayed.until) return compareEventIds(id, replayed.through) <= 0;
  client.recentReplays.delete(channel);
  return false;
}

function eventMessage(event: RealtimeEvent): ServerMessage {
  return { type: event.type, channel: channelOf[event.type], data: event.data, ...(event.id ? { id: event.id } : {}) };
}

function send(client: Client, message: ServerMessage) {
  writeOutgoing(client);
  if (client.readyState === WebSocket.OPEN) client.send(JSON.stringify(message));
}

function parseClientMessage(raw: string) {
  try {
    const parsed = clientMessageSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
