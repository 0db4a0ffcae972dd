import WebSocket from 'ws';
import { db } from '@/lib/db';
import { registeredUser } from './users';

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

/** A registered user's session cookie, as a browser sends it with the upgrade, and the session's id. */
export async function upgradeSession(entitled = true, prefix = 'ws') {
  const user = await registeredUser(entitled, prefix);
  const session = await db.session.findFirstOrThrow({ where: { userId: user.id } });
  return { ...user, sessionId: session.id, headers: { Cookie: user.jar.header() } };
}

/** The upgrade's Origin rule: a foreign Origin is refused with 403, the server's own is accepted. */
export async function expectOwnOriginOnly(url: string, session: Record<string, string>) {
  const port = new URL(url).port;
  await expect(connectWs(url, { ...session, Origin: 'https://evil.example' })).rejects.toThrow('Unexpected server response: 403');
  const same = await connectWs(url, { ...session, Origin: `http://127.0.0.1:${port}` });
  expect(await same.next('connected')).toMatchObject({ type: 'connected' });
  same.socket.close();
}
