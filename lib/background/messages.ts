import type { IncomingHttpHeaders } from 'node:http';
import { processTableChanges } from '../cache/table-changes';
import { getEnv } from '../env';
import { BridgedBus, getBus, installBus, type BridgeMessage, type EventBus } from '../realtime/bus';

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
 * process has its own Redis bus, and Redis carries events and control messages between them; without,
 * the two in-memory buses are bridged over IPC through `send`, and the caller hands what arrives to
 * `receive` (server.ts's bus is the primary, which holds the event log). Either way the table-change
 * announcements (lib/cache) ride on it, so a write in one process drops what the other cached.
 */
export function openProcessBus(
  send: (message: BridgeMessage) => void,
  role: 'primary' | 'replica',
): { bus: EventBus; receive: (message: unknown) => boolean } {
  let receive = (_message: unknown) => false;
  let bus: EventBus;
  if (getEnv().REDIS_URL) bus = getBus();
  else {
    const bridged = new BridgedBus(send, role);
    receive = (message) => bridged.receive(message);
    bus = bridged;
    installBus(bus);
  }
  processTableChanges().connect(bus);
  return { bus, receive };
}
