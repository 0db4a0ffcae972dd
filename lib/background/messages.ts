import type { IncomingHttpHeaders } from 'node:http';
import { processTableChanges } from '../cache/table-changes';
import { getEnv } from '../env';
import { BridgedBus, installBus, RedisBus, type BridgeMessage, type EventBus } from '../realtime/bus';

// The IPC between server.ts (the HTTP process) and its background process (background.ts): what
// each side sends, and the bus both open the same way.

/** server.ts → background process. `upgrade` comes with the socket itself as the message's handle. */
export type ToBackground =
  | BridgeMessage
  | { type: 'upgrade'; method: string; url: string; headers: IncomingHttpHeaders; head: string }
  | { type: 'stop' };

/** Background process → server.ts. */
export type FromBackground = BridgeMessage | { type: 'ready' } | { type: 'clients'; count: number };

/**
 * Opens this process's bus and installs it before anything else calls getBus(). With REDIS_URL each
 * process has its own Redis bus, and Redis carries events and control messages between them (and
 * `send` what one side publishes while Redis is out of reach); without, the two in-memory buses are
 * bridged over IPC through `send` (server.ts's bus is the primary, which holds the event log). Either
 * way the caller hands what arrives to `receive`, and the table-change announcements (lib/cache) ride
 * on the bus, so a write in one process drops what the other cached.
 */
export function openProcessBus(
  send: (message: BridgeMessage) => void,
  role: 'primary' | 'replica',
): { bus: EventBus; receive: (message: unknown) => boolean } {
  const redisUrl = getEnv().REDIS_URL;
  // With Redis the IPC channel still carries what this side publishes while Redis is out of reach.
  const opened = redisUrl ? new RedisBus(redisUrl, send) : new BridgedBus(send, role);
  const receive = (message: unknown) => opened.receive(message);
  const bus: EventBus = opened;
  installBus(bus);
  processTableChanges().connect(bus);
  return { bus, receive };
}
