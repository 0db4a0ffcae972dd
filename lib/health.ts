import type { Db } from './db';
import { getBus } from './realtime/bus';
import { realtimeStatus } from './realtime/availability';

async function pingDatabase(db: Db): Promise<{ status: 'up' | 'down'; latencyMs: number }> {
  const started = performance.now();
  try {
    await db.$queryRawUnsafe('SELECT 1');
    return { status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { status: 'down', latencyMs: Math.round(performance.now() - started) };
  }
}

/** Each data source's freshness: when it last succeeded and how long ago (null if never). */
async function sourceFreshness(db: Db, now: Date) {
  try {
    const sources = await db.dataSource.findMany({ select: { key: true, name: true, status: true, lastSuccessAt: true, lastError: true }, orderBy: { key: 'asc' } });
    return sources.map((source) => ({
      key: source.key,
      name: source.name,
      status: source.status,
      lastSuccessAt: source.lastSuccessAt?.toISOString() ?? null,
      ageSeconds: source.lastSuccessAt ? Math.round((now.getTime() - source.lastSuccessAt.getTime()) / 1000) : null,
      lastError: source.lastError,
    }));
  } catch {
    return [];
  }
}

export async function checkHealth(db: Db) {
  const now = new Date();
  const [database, bus] = await Promise.all([pingDatabase(db), getBus().status()]);
  const status = database.status === 'down' ? 'down' : bus.status === 'down' ? 'degraded' : 'healthy';
  return {
    status,
    timestamp: now.toISOString(),
    uptimeSeconds: Math.round(process.uptime()),
    database,
    bus,
    websocket: realtimeStatus(),
    sources: database.status === 'up' ? await sourceFreshness(db, now) : [],
  } as const;
}
