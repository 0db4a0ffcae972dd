import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
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

export type FromClients =
  | { type: 'opened' }
  | {
      type: 'report';
      /** Per client, every event id received on the wire, duplicates included. */
      ids: string[][];
      /** Live deliveries' latencies (ms) and the publisher's number of each one's event; those while steady apart. */
      latencies: number[];
      numbers: number[];
      steadyLatencies: number[];
      loopDelayP99Ms: number;
    };

/** Clients of one thread whose sockets open at once while the benchmark connects them. */
const openBatch = 100;

interface Signal {
  bench: string;
  n: number;
  sentAt: number;
}

/** Event ids come as a new string with every message; each client keeps the first copy instead (a million of them otherwise). */
const canonicalIds = new Map<string, string>();
function canonical(id: string): string {
  const known = canonicalIds.get(id);
  if (known !== undefined) return known;
  canonicalIds.set(id, id);
  return id;
}

class Client {
  socket: WebSocket | undefined;
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
    private readonly url: string,
    private readonly cookie: string,
    private readonly slots: ClientSlots,
    private readonly runId: string,
    private readonly onLive: (latencyMs: number, n: number) => void,
  ) {}

  get subscribed() {
    return this.slots.subscribed[this.slot] === 1;
  }

  open() {
    if (this.stopped) return;
    const { slots, slot } = this;
    const socket = new WebSocket(this.url, { headers: { cookie: this.cookie }, perMessageDeflate: false, skipUTF8Validation: true });
    this.socket = socket;
    slots.attempts[slot]! += 1;
    let opened = false;
    const startedAt = Date.now();
    const timer = setTimeout(() => {
      slots.timeouts[slot]! += 1;
      socket.terminate();
    }, connectTimeoutMs);
    socket.on('open', () => {
      opened = true;
      clearTimeout(timer);
      this.openedAt = Date.now();
      slots.handshakeMs[slot] = this.openedAt - startedAt;
      socket.send(JSON.stringify(this.cursor ? { type: 'subscribe', channel: 'signals', lastEventId: this.cursor } : { type: 'subscribe', channel: 'signals' }));
    });
    socket.on('message', (raw) => this.receive(raw.toString()));
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      clearTimeout(timer);
      if (socket !== this.socket) return;
      if (!opened) slots.failedHandshakes[slot]! += 1;
      if (this.subscribed) [slots.lostAt[slot], slots.attempts[slot]] = [Date.now(), 0];
      slots.subscribed[slot] = 0;
      if (this.stopped) return;
      setTimeout(() => this.open(), code === 1012 ? Math.floor(Math.random() * restartJitterMs) : reconnectDelayMs);
    });
  }

  private receive(text: string) {
    const { slots, slot } = this;
    const message = JSON.parse(text) as { type: string; id?: string; data?: Signal & { lastEventId?: string }; replayed?: number; complete?: boolean };
    if (message.type === 'connected') {
      this.cursor ??= message.data?.lastEventId;
    } else if (message.type === 'subscribed') {
      slots.subscribed[slot] = 1;
      slots.subscribeMs[slot] = Date.now() - this.openedAt;
      this.replayRemaining = message.replayed ?? 0;
      if (message.complete === false) slots.incompleteResumes[slot]! += 1;
      if (!Number.isNaN(slots.lostAt[slot]!)) slots.backAt[slot] = Date.now();
    } else if (message.type === 'new_signal' && message.id && message.data?.bench === this.runId) {
      const id = canonical(message.id);
      this.ids.push(id);
      if (message.data.n > this.newest) [this.newest, this.cursor] = [message.data.n, id];
      if (this.replayRemaining > 0) {
        this.replayRemaining -= 1;
        slots.replayed[slot]! += 1;
      } else this.onLive(Date.now() - message.data.sentAt, message.data.n);
    }
  }

  stop() {
    this.stopped = true;
    this.socket?.terminate();
  }
}

function runClients({ url, cookies, first, runId, slots }: ClientsWorkerData) {
  const port = parentPort!;
  const latencies: number[] = [];
  const numbers: number[] = [];
  const steadyLatencies: number[] = [];
  const onLive = (latency: number, n: number) => {
    latencies.push(latency);
    numbers.push(n);
    if (slots.phase[0] === 1) steadyLatencies.push(latency);
  };
  const clients = cookies.map((cookie, index) => new Client(first + index, url, cookie, slots, runId, onLive));
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
      send({ type: 'report', ids: clients.map((client) => client.ids), latencies, numbers, steadyLatencies, loopDelayP99Ms: loopDelay.percentile(99) / 1e6 });
    }
  });
}

if (parentPort && workerData) runClients(workerData as ClientsWorkerData);
