import { pingDatabase } from './db';
import { getBus } from './realtime/bus';
import { realtimeStatus } from './realtime/availability';

export async function checkHealth() {
  const [database, bus] = await Promise.all([pingDatabase(), getBus().status()]);
  const status = database.status === 'down' ? 'down' : bus.status === 'down' ? 'degraded' : 'healthy';
  return {
    status,
    timestamp: new Date().toISOString(),
    uptimeSeconds: Math.round(process.uptime()),
    database,
    bus,
    websocket: realtimeStatus(),
  } as const;
}
