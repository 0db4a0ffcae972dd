import { createHash, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { connectTimeoutMs, reconnectDelayMs, restartJitterMs } from '../lib/realtime/client';

// bench:cluster's WebSocket clients, a share of them in each worker thread that scripts/bench-cluster.ts
// starts: clients in one event loop would connect, read and time their events one after another, and an
// instance's clients reconnecting together (3 s after it died) would hold that loop for the half second
// their sockets take to open, during which no live event is read: the benchmark would measure itself.
// Each behaves as lib/realtime/client.ts: 3 s after a lost or failed connection, within a second after a
// 1012, it connects again and subscribes with the newest id it holds; a handshake not done in 5 s is
// abandoned. What the orchestrator polls (who is subscribed, when each lost and got back its socket) is
// in shared memory; what it counts at the end (every id received, every latency) is posted back once.

/** One slot per client of the whole benchmark, in SharedArrayBuffers every thread sees. */
export interface ClientSlots {
  subscribed: Int32Array;
  /** When the socket last went away while subscribed (ms since the epoch; NaN: never), and when the client was subscribed again after that. */
  lostAt: Float64Array;
  backAt: Float64Array;
  /** Attempts since the socket was lost; of the last successful one, the handshake and then the subscribe with its replay. */
  attempts: Int32Array;
  handshakeMs: Int32Array;
  subscribeMs: Int32Array;
  timeouts: Int32Array;
  failedHandshakes: Int32Array;
  replayed: Int32Array;
  incompleteResumes: Int32Array;
  /** [0]: 1 while the fan-out counts as steady (both instances up), so latencies are also kept apart. */
  phase: Int32Array;
  /** [0]: the warm-up's signals received by all clients together. */
  warmUpReceived: Int32Array;
}

export function createClientSlots(count: number): ClientSlots {
  const ints = () => new Int32Array(new SharedArrayBuffer(count * 4));
  const times = () => new Float64Array(new SharedArrayBuffer(count * 8)).fill(Number.NaN);
  return {
    subscribed: ints(),
    lostAt: times(),
    backAt: times(),
    attempts: ints(),
    handshakeMs: ints(),
    subscribeMs: ints(),
    timeouts: ints(),
    failedHandshakes: ints(),
    replayed: ints(),
    incompleteResumes: ints(),
    phase: new Int32Array(new SharedArrayBuffer(4)),
    warmUpReceived: new Int32Array(new SharedArrayBuffer(4)),
  };
}

export interface ClientsWorkerData {
  url: string;
  cookies: string[];
  /** The index of this thread's first client in the slots. */
  first: number;
  runId: string;
  slots: ClientSlots;
}

/** Orchestrator → worker: open every client (in batches, each subscribed before the next), or stop them all and report. */
export type ToClients = { type: 'open' } | { type: 'stop' };

/** What the clients received, gathered once they stop. */
export interface ClientsReport {
  /** Per client, every event id received on the wire, duplicates included. */
  ids: string[][];
  /** Live deliveries' latencies (ms) and the publisher's number of each one's event; those while steady apart. */
  latencies: number[];
  numbers: number[];
  /** For each, whether it reached a client in its first `resumingMs` after a resume (the live events it held behind its replay among them). */
  resuming: boolean[];
  steadyLatencies: number[];
  /** The worst thread's event loop delay p99, or the native process's p99 of one wake-up's work. */
  loopDelayP99Ms: number;
}

export type FromClients = { type: 'opened' } | ({ type: 'report' } & ClientsReport);

/** The benchmark's clients, in worker threads (below) or one native process (bench-cluster-native.ts). */
export interface BenchClients {
  slots: ClientSlots;
  /** The process they run in, when it is not the orchestrator's own. */
  pid?: number;
  label: string;
  /** Whether the fan-out counts as steady (both instances up): latencies then are also kept apart. */
  setSteady(steady: boolean): void;
  /** Opens every client, a batch at a time, each batch subscribed before the next. */
  open(): Promise<void>;
  /** Stops every client and gathers what they received. */
  stop(): Promise<ClientsReport>;
  terminate(): Promise<void>;
}

/**
 * Where this thread's sockets read into (net's `onread`): one buffer, not one per read, and no stream
 * around each socket; every chunk is taken apart before the next read.
 */
const readBuffer = Buffer.allocUnsafe(64 * 1024);

/** Clients of one thread whose sockets open at once while the benchmark connects them. */
const openBatch = 100;

interface Signal {
  bench: string;
  n: number;
  sentAt: number;
}

/** Event ids come as a new string with every message (or report line); each client keeps the first copy instead (a million of them otherwise). */
const canonicalIds = new Map<string, string>();
export function canonical(id: string): string {
  const known = canonicalIds.get(id);
  if (known !== undefined) return known;
  canonicalIds.set(id, id);
  return id;
}

/** RFC 6455 §1.3: what the server's Sec-WebSocket-Accept must be for a key. */
const acceptFor = (key: string) => createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');

/** A client's frame (masked, RFC 6455 §5.3), whole and unfragmented. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const { length } = payload;
  const lengthBytes = length < 126 ? 0 : 2;
  const frame = Buffer.allocUnsafe(6 + lengthBytes + length);
  frame[0] = 0x80 | opcode;
  if (lengthBytes === 0) frame[1] = 0x80 | length;
  else [frame[1]] = [0x80 | 126, frame.writeUInt16BE(length, 2)];
  const mask = randomBytes(4);
  mask.copy(frame, 2 + lengthBytes);
  for (let index = 0; index < length; index += 1) frame[6 + lengthBytes + index] = payload[index]! ^ mask[index & 3]!;
  return frame;
}

/**
 * The parts of a live new_signal the benchmark needs, read without parsing the whole message: the
 * server writes `data` as the publisher built it (bench, n and sentAt first) and the event id last.
 * Anything else is parsed as JSON.
 */
const signalFields = /^\{"type":"new_signal","channel":"signals","data":\{"bench":"([\w-]+)","n":(\d+),"sentAt":(\d+),.*,"id":"([^"]+)"\}$/s;

interface Incoming {
  type: string;
  id?: string;
  data?: Partial<Signal> & { lastEventId?: string };
  replayed?: number;
  complete?: boolean;
}

function readMessage(text: string): Incoming {
  const match = signalFields.exec(text);
  if (!match) return JSON.parse(text) as Incoming;
  return { type: 'new_signal', id: match[4], data: { bench: match[1], n: Number(match[2]), sentAt: Number(match[3]) } };
}

/** The `bench` of the warm-up's signals, which the clients count together and time not. */
export const warmUpBench = (runId: string) => `warm-up-${runId}`;

/** How long after its resume a client's live deliveries are counted apart. */
export const resumingMs = 2_000;

interface Frame {
  opcode: number;
  payload: Buffer;
  /** When it was read off the socket, and whether the benchmark was in its steady phase then. */
  readAt: number;
  steady: boolean;
}

/**
 * Frames read but not yet handled, of every client of this thread in the order they were read, and
 * whether a turn is due to handle them. A chunk of one frame (a live event) is handled as it is read; a
 * chunk of many (a resume's replay and the events held behind it) waits here until every socket that was
 * readable in this turn of the event loop has been read and its frames stamped, then all of them are
 * handled. The clients an instance dropped come back together, each sent 60 frames or more at once:
 * handled as they are read, they would hold up the stamping of every other client's live frames, and the
 * benchmark would time its own backlog instead of the instances' fan-out.
 */
const waiting: { client: Client; frame: Frame }[] = [];
let handling = false;

function handleWaiting() {
  handling = false;
  for (const { client, frame } of waiting.splice(0)) client.handleWaited(frame);
}

function wait(client: Client, frames: Frame[]) {
  for (const frame of frames) waiting.push({ client, frame });
  if (handling) return;
  handling = true;
  setImmediate(handleWaiting);
}

/**
 * One subscriber. It speaks RFC 6455 over its own TCP socket instead of going through a WebSocket
 * library: 5,000 of them share this machine's two cores with the instances they measure, and a
 * library's per-message work (a stream per socket, events, a full JSON parse) took a third more of
 * the clients' CPU for the same frames (docs/performance.md).
 */
class Client {
  private socket: Socket | undefined;
  /** While the upgrade is answered: the key sent, what arrived of the answer, and the timer that abandons it. */
  private handshake: { key: string; received: Buffer; timer: NodeJS.Timeout; startedAt: number } | undefined;
  /** Bytes of a frame not yet whole. */
  private pending: Buffer | undefined;
  /** How many of this client's frames are `waiting`. */
  private waiting = 0;
  /** The code of the server's close frame, if one came. */
  private closeCode = 1006;
  /** The `bench` of this run's warm-up signals. */
  private readonly warmUpRun: string;
  /** The newest event id held: where a reconnect resumes from. */
  cursor: string | undefined;
  readonly ids: string[] = [];
  /** The publisher's number of the newest event held: ids grow with it. */
  newest = -1;
  replayRemaining = 0;
  private openedAt = 0;
  private stopped = false;

  constructor(
    private readonly slot: number,
    private readonly url: URL,
    private readonly cookie: string,
    private readonly slots: ClientSlots,
    private readonly runId: string,
    private readonly onLive: (latencyMs: number, n: number, steady: boolean, resuming: boolean) => void,
  ) {
    this.warmUpRun = warmUpBench(runId);
  }

  get subscribed() {
    return this.slots.subscribed[this.slot] === 1;
  }

  open() {
    if (this.stopped) return;
    const { slots, slot, url } = this;
    slots.attempts[slot]! += 1;
    const startedAt = Date.now();
    const key = randomBytes(16).toString('base64');
    const socket = connect({ host: url.hostname, port: Number(url.port), onread: { buffer: readBuffer, callback: (length) => (this.read(readBuffer.subarray(0, length)), true) } });
    this.socket = socket;
    this.handshake = {
      key,
      received: Buffer.alloc(0),
      timer: setTimeout(() => this.failHandshake(true), connectTimeoutMs),
      startedAt,
    };
    this.pending = undefined;
    this.closeCode = 1006;
    socket.setNoDelay(true);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.closed(socket));
    socket.write(
      `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\nCookie: ${this.cookie}\r\n\r\n`,
    );
  }

  /** A handshake that timed out, was refused (401, 403, 503 answer as plain HTTP) or lost its socket: the client tries again later. */
  private failHandshake(timedOut: boolean) {
    const { handshake, slots, slot } = this;
    if (!handshake) return;
    clearTimeout(handshake.timer);
    this.handshake = undefined;
    if (timedOut) slots.timeouts[slot]! += 1;
    slots.failedHandshakes[slot]! += 1;
    const socket = this.socket;
    this.socket = undefined;
    socket?.destroy();
    this.retry(reconnectDelayMs);
  }

  /** The server's answer to the upgrade (RFC 6455 §4.1): 101 with the Sec-WebSocket-Accept of the key sent, then frames. */
  private readHandshake(chunk: Buffer): Buffer | undefined {
    const handshake = this.handshake!;
    const received = Buffer.concat([handshake.received, chunk]);
    const end = received.indexOf('\r\n\r\n');
    if (end < 0) return void (handshake.received = received);
    const [statusLine = '', ...headerLines] = received.subarray(0, end).toString('latin1').split('\r\n');
    const accept = headerLines.find((line) => line.toLowerCase().startsWith('sec-websocket-accept:'))?.slice('sec-websocket-accept:'.length).trim();
    if (!/^HTTP\/1\.1 101 /.test(statusLine) || accept !== acceptFor(handshake.key)) return void this.failHandshake(false);
    clearTimeout(handshake.timer);
    this.handshake = undefined;
    this.openedAt = Date.now();
    this.slots.handshakeMs[this.slot] = this.openedAt - handshake.startedAt;
    this.socket!.write(clientFrame(0x1, Buffer.from(JSON.stringify(this.cursor ? { type: 'subscribe', channel: 'signals', lastEventId: this.cursor } : { type: 'subscribe', channel: 'signals' }))));
    return received.subarray(end + 4);
  }

  /**
   * Takes every whole frame out of what arrived (RFC 6455 §5.2: the server's frames are unmasked) and
   * stamps them with the time they were read. One frame, a live event, is handled at once; more (a
   * resume's replay and the events held behind it) is `waiting`, and so is anything after it. The
   * chunk lies in the thread's one read buffer: what is kept past this call is copied.
   */
  private read(chunk: Buffer) {
    const [readAt, steady] = [Date.now(), this.slots.phase[0] === 1];
    if (this.handshake) {
      const rest = this.readHandshake(chunk);
      if (!rest || rest.length === 0) return;
      chunk = rest;
    }
    // A concat is a copy of its own; the chunk itself is the shared buffer's.
    const joined = this.pending !== undefined;
    const bytes = joined ? Buffer.concat([this.pending!, chunk]) : chunk;
    this.pending = undefined;
    const found: { opcode: number; start: number; end: number }[] = [];
    let at = 0;
    while (bytes.length - at >= 2) {
      const opcode = bytes[at]! & 0x0f;
      let length = bytes[at + 1]! & 0x7f;
      let offset = 2;
      if (length === 126) [length, offset] = bytes.length - at >= 4 ? [bytes.readUInt16BE(at + 2), 4] : [Infinity, 4];
      else if (length === 127) [length, offset] = bytes.length - at >= 10 ? [Number(bytes.readBigUInt64BE(at + 2)), 10] : [Infinity, 10];
      if (bytes.length - at < offset + length) break;
      found.push({ opcode, start: at + offset, end: at + offset + length });
      at += offset + length;
    }
    if (at < bytes.length) this.pending = Buffer.from(bytes.subarray(at));
    if (found.length === 0) return;
    if (found.length === 1 && this.waiting === 0) return this.handle({ opcode: found[0]!.opcode, payload: bytes.subarray(found[0]!.start, found[0]!.end), readAt, steady });
    // Kept past this call: the whole frames' bytes, copied once.
    const kept = joined ? bytes : Buffer.from(bytes.subarray(0, at));
    this.waiting += found.length;
    wait(this, found.map(({ opcode, start, end }) => ({ opcode, payload: kept.subarray(start, end), readAt, steady })));
  }

  handleWaited(frame: Frame) {
    this.waiting -= 1;
    this.handle(frame);
  }

  private handle({ opcode, payload, readAt, steady }: Frame) {
    const socket = this.socket;
    if (!socket) return;
    if (opcode === 0x1) this.receive(payload.toString(), readAt, steady);
    else if (opcode === 0x9) socket.write(clientFrame(0xa, payload));
    else if (opcode === 0x8) {
      if (payload.length >= 2) this.closeCode = payload.readUInt16BE(0);
      // The closing handshake: echo the code, then the server ends the TCP connection.
      socket.end(clientFrame(0x8, payload.subarray(0, 2)));
    } else if (opcode !== 0xa) {
      // The server sends neither fragments nor binary frames: a frame like that means the stream is lost.
      socket.destroy();
    }
  }

  private closed(socket: Socket) {
    if (socket !== this.socket) return;
    if (this.handshake) return this.failHandshake(false);
    // What arrived before the close is handled first: the reconnect resumes from the newest of it.
    if (this.waiting > 0) handleWaiting();
    const { slots, slot } = this;
    this.socket = undefined;
    this.pending = undefined;
    if (this.subscribed) [slots.lostAt[slot], slots.attempts[slot]] = [Date.now(), 0];
    slots.subscribed[slot] = 0;
    this.retry(this.closeCode === 1012 ? Math.floor(Math.random() * restartJitterMs) : reconnectDelayMs);
  }

  private retry(delayMs: number) {
    if (!this.stopped) setTimeout(() => this.open(), delayMs);
  }

  private receive(text: string, readAt: number, steady: boolean) {
    const { slots, slot } = this;
    const message = readMessage(text);
    if (message.type === 'connected') {
      this.cursor ??= message.data?.lastEventId;
    } else if (message.type === 'subscribed') {
      slots.subscribed[slot] = 1;
      slots.subscribeMs[slot] = readAt - this.openedAt;
      this.replayRemaining = message.replayed ?? 0;
      if (message.complete === false) slots.incompleteResumes[slot]! += 1;
      if (!Number.isNaN(slots.lostAt[slot]!)) slots.backAt[slot] = readAt;
    } else if (message.type === 'new_signal' && message.data?.bench === this.warmUpRun) {
      // A replay from before the warm-up holds its signals too: they are neither live nor counted twice.
      if (this.replayRemaining > 0) this.replayRemaining -= 1;
      else Atomics.add(slots.warmUpReceived, 0, 1);
    } else if (message.type === 'new_signal' && message.id && message.data?.bench === this.runId && message.data.n !== undefined && message.data.sentAt !== undefined) {
      const id = canonical(message.id);
      this.ids.push(id);
      if (message.data.n > this.newest) [this.newest, this.cursor] = [message.data.n, id];
      if (this.replayRemaining > 0) {
        this.replayRemaining -= 1;
        slots.replayed[slot]! += 1;
      } else this.onLive(readAt - message.data.sentAt, message.data.n, steady, readAt - slots.backAt[slot]! < resumingMs);
    }
  }

  stop() {
    this.stopped = true;
    if (this.handshake) clearTimeout(this.handshake.timer);
    this.handshake = undefined;
    this.socket?.destroy();
  }
}

function runClients({ url, cookies, first, runId, slots }: ClientsWorkerData) {
  const port = parentPort!;
  const latencies: number[] = [];
  const numbers: number[] = [];
  const steadyLatencies: number[] = [];
  const resuming: boolean[] = [];
  const onLive = (latency: number, n: number, steady: boolean, isResuming: boolean) => {
    latencies.push(latency);
    resuming.push(isResuming);
    numbers.push(n);
    if (steady) steadyLatencies.push(latency);
  };
  const target = new URL(url);
  const clients = cookies.map((cookie, index) => new Client(first + index, target, cookie, slots, runId, onLive));
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const send = (message: FromClients) => port.postMessage(message);

  port.on('message', async (message: ToClients) => {
    if (message.type === 'open') {
      for (let start = 0; start < clients.length; start += openBatch) {
        const batch = clients.slice(start, start + openBatch);
        for (const client of batch) client.open();
        for (const deadline = Date.now() + 30_000; !batch.every((client) => client.subscribed) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      loopDelay.enable();
      send({ type: 'opened' });
    } else {
      loopDelay.disable();
      for (const client of clients) client.stop();
      send({ type: 'report', ids: clients.map((client) => client.ids), latencies, numbers, resuming, steadyLatencies, loopDelayP99Ms: loopDelay.percentile(99) / 1e6 });
    }
  });
}

if (parentPort && workerData) runClients(workerData as ClientsWorkerData);
