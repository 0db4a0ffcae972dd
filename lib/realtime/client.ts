import type { Channel } from './channels';
import { isAccessCloseCode, serviceRestartCloseCode } from './close-codes';
import { compareEventIds } from './event-ids';

// Browser side of /ws (spec 001 §4, §9): ping every 25 s, up to 5 reconnects 3 s apart, then
// 'error'. Where no /ws exists (plain `next start`, Vercel) the client stops trying and reports
// 'polling': the screens keep their react-query polling cadences either way. When the server ends
// the socket's access (close codes 4401/4403), or refuses an upgrade while the page holds no entitled
// session, reconnecting cannot help: the client reports 'polling' until the session is valid again.
// Issue 29: a server going away for a restart closes with 1012 and the client reconnects at once; each
// subscribe after a reconnect names the newest event id the client holds on that channel, the server
// sends what came after it, and an event seen twice (replayed and live) reaches the screens once.

export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'error' | 'polling';
export interface RealtimeMessage {
  type: string;
  channel?: Channel;
  data?: unknown;
  /** An event's id: sortable, the same on every server instance. */
  id?: string;
  /** On `subscribed` after a resume: false when the server could not send everything missed. */
  complete?: boolean;
}

export const pingIntervalMs = 25_000;
export const reconnectDelayMs = 3_000;
export const maxReconnects = 5;
/** A host without /ws may hold the upgrade open instead of refusing it; give up on it after this. */
export const connectTimeoutMs = 5_000;
/** While access is gone, how often the session is asked about (besides on focus and on `resume()`). */
export const sessionCheckMs = 60_000;
/**
 * After a 1012 close, the reconnect waits a random part of this: every client of the instance that
 * restarts gets the same close at once, and the one taking over need not get all of them in one tick.
 */
export const restartJitterMs = 1_000;
/** How many recent event ids are remembered to drop one that arrives a second time. */
export const rememberedEventIds = 1_000;

interface Options {
  url: string;
  channels: readonly Channel[];
  /** Asked once when the very first connection fails: false means this host serves no /ws. */
  isRealtimeAvailable: () => Promise<boolean>;
  /** Whether the page holds an entitled session; asked after a refused upgrade and while access is gone. */
  hasSession: () => Promise<boolean>;
  onState: (state: ConnectionState) => void;
  onMessage: (message: RealtimeMessage) => void;
  onGiveUp: () => void;
  createSocket?: (url: string) => WebSocket;
  /** For the restart jitter (tests pin it). */
  random?: () => number;
}

export class RealtimeClient {
  private socket: WebSocket | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private sessionTimer: ReturnType<typeof setInterval> | undefined;
  private attempts = 0;
  private everConnected = false;
  private stopped = false;
  /** The socket's access ended: waiting for a valid session, not retrying. */
  private suspended = false;
  private checkingSession = false;
  /** Per channel, the newest event id received: where a reconnect resumes from. */
  private readonly lastEventIds = new Map<Channel, string>();
  private readonly seenIds = new Set<string>();

  constructor(private readonly options: Options) {}

  start() {
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    this.suspended = false;
    clearInterval(this.pingTimer);
    clearInterval(this.sessionTimer);
    clearTimeout(this.retryTimer);
    clearTimeout(this.connectTimer);
    if (this.socket) closeQuietly(this.socket);
    this.socket = undefined;
    this.options.onState('disconnected');
  }

  /** The page may hold a valid session again (focus, a sign-in): reconnects once it does. */
  async resume() {
    if (!this.suspended || this.checkingSession) return;
    this.checkingSession = true;
    const valid = await this.options.hasSession().catch(() => false);
    this.checkingSession = false;
    if (!valid || !this.suspended || this.stopped) return;
    this.suspended = false;
    clearInterval(this.sessionTimer);
    this.open();
  }

  private open() {
    this.options.onState('connecting');
    const socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url);
    this.socket = socket;
    let opened = false;
    this.connectTimer = setTimeout(() => {
      socket.onclose = null;
      socket.close();
      void this.handleClose(socket, false);
    }, connectTimeoutMs);
    socket.onopen = () => {
      opened = true;
      clearTimeout(this.connectTimer);
      this.attempts = 0;
      this.everConnected = true;
      this.options.onState('connected');
      for (const channel of this.options.channels) {
        const lastEventId = this.lastEventIds.get(channel);
        this.send(lastEventId ? { type: 'subscribe', channel, lastEventId } : { type: 'subscribe', channel });
      }
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), pingIntervalMs);
    };
    socket.onmessage = (event) => {
      try {
        const message = JSON.parse(String(event.data)) as RealtimeMessage;
        if (message && typeof message.type === 'string' && this.isNew(message)) this.options.onMessage(message);
      } catch {
        // A frame that is not our JSON carries nothing for the screens.
      }
    };
    socket.onclose = (event) => void this.handleClose(socket, opened, event.code);
  }

  private async handleClose(socket: WebSocket, opened: boolean, code?: number) {
    if (socket !== this.socket || this.stopped) return;
    clearTimeout(this.connectTimer);
    clearInterval(this.pingTimer);
    if (isAccessCloseCode(code)) return this.suspend();
    if (code === serviceRestartCloseCode) {
      // Not a failure: another instance (or this one, restarted) takes the connection over.
      this.options.onState('connecting');
      this.retryTimer = setTimeout(() => this.open(), Math.floor((this.options.random ?? Math.random)() * restartJitterMs));
      return;
    }
    if (!this.everConnected && this.attempts === 0 && !(await this.options.isRealtimeAvailable().catch(() => true))) {
      if (!this.stopped) this.options.onState('polling');
      return;
    }
    // A browser sees a refused upgrade (401/403) only as a failed connection: the session tells them apart.
    if (!opened && !(await this.options.hasSession().catch(() => true))) return this.suspend();
    if (this.stopped) return;
    if (this.attempts >= maxReconnects) {
      this.options.onState('error');
      this.options.onGiveUp();
      return;
    }
    this.attempts += 1;
    this.options.onState('connecting');
    this.retryTimer = setTimeout(() => this.open(), reconnectDelayMs);
  }

  /**
   * Records where each channel resumes from and drops an event already passed on. The first cursor of a
   * channel is the log's newest id when the socket opened (`connected`), so a reconnect before any event
   * on it still resumes.
   */
  private isNew(message: RealtimeMessage): boolean {
    if (message.type === 'connected') {
      const head = (message.data as { lastEventId?: unknown } | undefined)?.lastEventId;
      if (typeof head === 'string') for (const channel of this.options.channels) if (!this.lastEventIds.has(channel)) this.lastEventIds.set(channel, head);
      return true;
    }
    if (typeof message.id !== 'string') return true;
    if (this.seenIds.has(message.id)) return false;
    this.seenIds.add(message.id);
    // A Set iterates in insertion order: the first is the oldest.
    if (this.seenIds.size > rememberedEventIds) this.seenIds.delete(this.seenIds.values().next().value!);
    const channel = message.channel;
    if (channel) {
      const previous = this.lastEventIds.get(channel);
      if (!previous || compareEventIds(message.id, previous) > 0) this.lastEventIds.set(channel, message.id);
    }
    return true;
  }

  private suspend() {
    if (this.stopped) return;
    this.suspended = true;
    this.attempts = 0;
    this.options.onState('polling');
    clearInterval(this.sessionTimer);
    this.sessionTimer = setInterval(() => void this.resume(), sessionCheckMs);
  }

  private send(message: object) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}

const connecting = 0;

/**
 * Closes a socket the screen no longer needs. One still connecting is closed once it opens:
 * closing it mid-handshake makes the browser log "closed before the connection is established"
 * (React mounts effects twice in development, and a quick navigation does the same).
 */
function closeQuietly(socket: WebSocket) {
  socket.onmessage = null;
  socket.onclose = null;
  if (socket.readyState === connecting) socket.onopen = () => socket.close(1000);
  else {
    socket.onopen = null;
    socket.close(1000);
  }
}

export function websocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/** Whether the server offers the WebSocket (GET /api/health says so); asked before each reconnect. */
export async function isRealtimeAvailable(): Promise<boolean> {
  const response = await fetch('/api/health', { credentials: 'include', cache: 'no-store' });
  const body = (await response.json()) as { websocket?: { available?: boolean } };
  return body.websocket?.available !== false;
}
