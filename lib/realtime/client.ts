import type { Channel } from './channels';

// Browser side of /ws (spec 001 §4, §9): ping every 25 s, up to 5 reconnects 3 s apart, then
// 'error'. Where no /ws exists (plain `next start`, Vercel) the client stops trying and reports
// 'polling': the screens keep their react-query polling cadences either way.

export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'error' | 'polling';
export interface RealtimeMessage {
  type: string;
  channel?: Channel;
  data?: unknown;
}

export const pingIntervalMs = 25_000;
export const reconnectDelayMs = 3_000;
export const maxReconnects = 5;
/** A host without /ws may hold the upgrade open instead of refusing it; give up on it after this. */
export const connectTimeoutMs = 5_000;

interface Options {
  url: string;
  channels: readonly Channel[];
  /** Asked once when the very first connection fails: false means this host serves no /ws. */
  isRealtimeAvailable: () => Promise<boolean>;
  onState: (state: ConnectionState) => void;
  onMessage: (message: RealtimeMessage) => void;
  onGiveUp: () => void;
  createSocket?: (url: string) => WebSocket;
}

export class RealtimeClient {
  private socket: WebSocket | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private attempts = 0;
  private everConnected = false;
  private stopped = false;

  constructor(private readonly options: Options) {}

  start() {
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    clearInterval(this.pingTimer);
    clearTimeout(this.retryTimer);
    clearTimeout(this.connectTimer);
    if (this.socket) closeQuietly(this.socket);
    this.socket = undefined;
    this.options.onState('disconnected');
  }

  private open() {
    this.options.onState('connecting');
    const socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url);
    this.socket = socket;
    this.connectTimer = setTimeout(() => {
      socket.onclose = null;
      socket.close();
      void this.handleClose(socket);
    }, connectTimeoutMs);
    socket.onopen = () => {
      clearTimeout(this.connectTimer);
      this.attempts = 0;
      this.everConnected = true;
      this.options.onState('connected');
      for (const channel of this.options.channels) this.send({ type: 'subscribe', channel });
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), pingIntervalMs);
    };
    socket.onmessage = (event) => {
      try {
        const message = JSON.parse(String(event.data)) as RealtimeMessage;
        if (message && typeof message.type === 'string') this.options.onMessage(message);
      } catch {
        // A frame that is not our JSON carries nothing for the screens.
      }
    };
    socket.onclose = () => void this.handleClose(socket);
  }

  private async handleClose(socket: WebSocket) {
    if (socket !== this.socket || this.stopped) return;
    clearTimeout(this.connectTimer);
    clearInterval(this.pingTimer);
    if (!this.everConnected && this.attempts === 0 && !(await this.options.isRealtimeAvailable().catch(() => true))) {
      if (!this.stopped) this.options.onState('polling');
      return;
    }
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
