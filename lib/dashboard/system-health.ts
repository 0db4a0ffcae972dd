// The system health monitor of spec 001 §4 and §9: API and websocket states, response-time labels
// and the one-line overall status.

import type { ConnectionState } from '../realtime/client';

export type ApiHealth = 'healthy' | 'degraded' | 'down';
export type WebsocketHealth = 'connected' | 'connecting' | 'disconnected';
export type OverallStatus = 'all operational' | 'minor issues' | 'system issues';

export const healthPollMs = 30_000;
export const healthTimeoutMs = 5_000;

/** Under 200 ms Excellent, under 500 Good, under 1000 Fair, otherwise Slow. */
export function responseTimeLabel(milliseconds: number): 'Excellent' | 'Good' | 'Fair' | 'Slow' {
  if (milliseconds < 200) return 'Excellent';
  if (milliseconds < 500) return 'Good';
  if (milliseconds < 1000) return 'Fair';
  return 'Slow';
}

/** The client's connection states folded into the monitor's three (polling and error count as disconnected). */
export function websocketHealth(state: ConnectionState): WebsocketHealth {
  if (state === 'connected') return 'connected';
  if (state === 'connecting') return 'connecting';
  return 'disconnected';
}

/** Reads a /api/health answer: its own status when it gave one, else down. */
export function apiHealthOf(body: unknown): ApiHealth {
  const status = body && typeof body === 'object' ? (body as { status?: unknown }).status : undefined;
  return status === 'healthy' || status === 'degraded' || status === 'down' ? status : 'down';
}

export function overallStatus(api: ApiHealth, websocket: WebsocketHealth): OverallStatus {
  if (api === 'down') return 'system issues';
  if (api === 'healthy' && websocket === 'connected') return 'all operational';
  return 'minor issues';
}
