import WebSocket from 'ws';

export interface WsMessage {
  type: string;
  channel?: string;
  data?: unknown;
  /** An event's id (lib/realtime/event-ids.ts). */
  id?: string;
}

/**
 * A WebSocket client for the realtime tests: it records every message it receives (those not yet
 * taken stay in `messages`), `next(type)` takes the oldest of a type or waits for one, and `send`
 * sends a string as it is or anything else as JSON.
 */
export async function connectWs(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const messages: WsMessage[] = [];
  const waiters: { type: string; resolve: (message: WsMessage) => void }[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as WsMessage;
    messages.push(message);
    for (const waiter of waiters.filter((candidate) => candidate.type === message.type)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  const next = (type: string) => {
    const seen = messages.find((message) => message.type === type);
    if (seen) {
      messages.splice(messages.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise<WsMessage>((resolve) => waiters.push({ type, resolve: (message) => (messages.splice(messages.indexOf(message), 1), resolve(message)) }));
  };
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return { socket, messages, next, send: (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)) };
}
