import { z } from 'zod';

// The wire contract of spec 001 §7: clients subscribe per channel; each server message type
// belongs to exactly one channel and reaches only that channel's subscribers.

/** A realtime event id (lib/realtime/event-ids.ts): `<milliseconds>-<sequence>`, as Redis stream ids. */
export const eventIdPattern = /^\d{1,15}-\d{1,15}$/;

export const channels = ['signals', 'market_data', 'companies'] as const;
export type Channel = (typeof channels)[number];

const eventTypes = ['new_signal', 'critical_alert', 'market_update', 'company_update'] as const;
export type EventType = (typeof eventTypes)[number];

export const channelOf: Record<EventType, Channel> = {
  new_signal: 'signals',
  critical_alert: 'signals',
  market_update: 'market_data',
  company_update: 'companies',
};

export interface RealtimeEvent {
  type: EventType;
  data: unknown;
  /**
   * Given once, when the bus publishes it (lib/realtime/event-ids.ts): sortable, the same in every
   * process, the cursor a reconnecting client resumes from.
   */
  id?: string;
}

export const realtimeEventSchema = z.object({
  type: z.enum(eventTypes),
  data: z.unknown(),
  id: z.string().optional(),
});

export const clientMessageSchema = z.discriminatedUnion('type', [
  // lastEventId: the newest event of this channel the client holds; the server first sends what came after it.
  z.object({ type: z.literal('subscribe'), channel: z.enum(channels), lastEventId: z.string().regex(eventIdPattern).optional() }),
  z.object({ type: z.literal('unsubscribe'), channel: z.enum(channels) }),
  z.object({ type: z.literal('ping') }),
]);

export type ServerMessage =
  // lastEventId: the newest event in the log when the socket opened, a client's first cursor.
  | { type: 'connected'; data: { channels: readonly Channel[]; serverTime: string; lastEventId?: string } }
  // After a subscribe with lastEventId: how many missed events follow, and false when the log no longer
  // held all of them (the client then refetches instead).
  | { type: 'subscribed'; channel: Channel; replayed?: number; complete?: boolean }
  | { type: 'unsubscribed'; channel: Channel }
  | { type: 'pong'; data: { serverTime: string } }
  | { type: 'error'; channel?: Channel; data: { message: string } }
  | { type: EventType; channel: Channel; data: unknown; id?: string };
