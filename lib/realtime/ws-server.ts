import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { channelOf, channels, clientMessageSchema, type Channel, type ServerMessage } from './channels';
import type { EventBus } from './bus';
import { publicOrigin } from '../http/public-origin';
import { isAllowedOrigin } from './origin';

export const websocketPath = '/ws';
const heartbeatMs = 30_000;
const maxMessageBytes = 4 * 1024;
/** A Buffer sent as a text frame: browsers' onmessage gets a string, as for a string payload. */
const textFrame = { binary: false } as const;

type Client = WebSocket & { channels: Set<Channel>; isAlive: boolean };

export interface RealtimeServer {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  clientCount(): number;
  close(): Promise<void>;
}

interface Options {
  bus: EventBus;
  allowedOrigins?: readonly string[];
  /** Called after each connect and close (the background process reports clientCount() to server.ts). */
  onClientsChanged?: () => void;
}

export function createRealtimeServer({ bus, allowedOrigins = [], onClientsChanged }: Options): RealtimeServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes, clientTracking: true });
  const subscribers: Record<Channel, Set<Client>> = { signals: new Set(), market_data: new Set(), companies: new Set() };

  const unsubscribeBus = bus.subscribe((event) => {
    const channel = channelOf[event.type];
    const targets = subscribers[channel];
    if (targets.size === 0) return;
    // Serialised and UTF-8 encoded once per event, not once per client: each socket then gets the
    // same bytes behind its own 2–10 byte frame header (ws copies nothing it is given as a Buffer).
    const payload = Buffer.from(JSON.stringify({ type: event.type, channel, data: event.data } satisfies ServerMessage));
    for (const client of targets) {
      if (client.readyState === WebSocket.OPEN) client.send(payload, textFrame);
    }
  });

  wss.on('connection', (socket: WebSocket) => {
    const client = Object.assign(socket, { channels: new Set<Channel>(), isAlive: true });
    send(client, { type: 'connected', data: { channels, serverTime: new Date().toISOString() } });
    onClientsChanged?.();

    client.on('pong', () => (client.isAlive = true));
    client.on('message', (raw, isBinary) => {
      const message = isBinary ? undefined : parseClientMessage(raw.toString());
      if (!message) return send(client, { type: 'error', data: { message: 'Unsupported message' } });
      switch (message.type) {
        case 'ping':
          return send(client, { type: 'pong', data: { serverTime: new Date().toISOString() } });
        case 'subscribe':
          client.channels.add(message.channel);
          subscribers[message.channel].add(client);
          return send(client, { type: 'subscribed', channel: message.channel });
        case 'unsubscribe':
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
  });

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

  return {
    handleUpgrade(request, socket, head) {
      const headers = new Headers();
      for (const name of ['host', 'x-forwarded-host', 'x-forwarded-proto']) {
        const value = request.headers[name];
        if (typeof value === 'string') headers.set(name, value);
      }
      // Without a usable Host header the fallback `.invalid` host (reserved, RFC 2606) matches no Origin.
      const { host } = publicOrigin(headers, 'http://unknown.invalid/');
      if (!isAllowedOrigin(request.headers.origin, host, allowedOrigins)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
    },
    clientCount: () => wss.clients.size,
    async close() {
      clearInterval(heartbeat);
      unsubscribeBus();
      for (const client of wss.clients) client.close(1001, 'Server shutting down');
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

function send(client: WebSocket, message: ServerMessage) {
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
