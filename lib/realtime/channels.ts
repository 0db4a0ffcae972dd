import { z } from 'zod';

// The wire contract of spec 001 §7: clients subscribe per channel; each server message type
// belongs to exactly one channel and reaches only that channel's subscribers.

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
}

export const realtimeEventSchema = z.object({
  type: z.enum(eventTypes),
  data: z.unknown(),
});

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), channel: z.enum(channels) }),
  z.object({ type: z.literal('unsubscribe'), channel: z.enum(channels) }),
  z.object({ type: z.literal('ping') }),
]);

export type ServerMessage =
  | { type: 'connected'; data: { channels: readonly Channel[]; serverTime: string } }
  | { type: 'subscribed' | 'unsubscribed'; channel: Channel }
  | { type: 'pong'; data: { serverTime: string } }
  | { type: 'error'; channel?: Channel; data: { message: string } }
  | { type: EventType; channel: Channel; data: unknown };
