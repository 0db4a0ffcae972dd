import type { Db } from '../db';
import { isAdmin } from '../auth/admin';
import { loadSourceStates, toAdminSourceStateView, toSourceStateView } from '../data-sources/state';
import { rateLimiterDegraded } from '../rate-limit/limiter';
import { getBus } from '../realtime/bus';
import { realtimeStatus } from '../realtime/availability';

// GET /api/health for three audiences (issue 27). Anyone: the overall status and whether /ws is
// served. A signed-in user: also each data source's state, in the words the screens use. An admin: also
// each source's raw last error and technical detail. Each audience has its own cache entry.

export type HealthAudience = 'public' | 'member' | 'admin';

/** The audience of a viewer (lib/auth/viewer.ts): admins, other signed-in users, everyone else. */
export function healthAudienceOf(viewer: { session: unknown; user: { role: string; email: string } | null }): HealthAudience {
  if (!viewer.session || !viewer.user) return 'public';
  return isAdmin(viewer) ? 'admin' : 'member';
}

async function pingDatabase(db: Db): Promise<{ status: 'up' | 'down'; latencyMs: number }> {
  const started = performance.now();
  try {
    await db.$queryRawUnsafe('SELECT 1');
    return { status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { status: 'down', latencyMs: Math.round(performance.now() - started) };
  }
}

/** Each data source's state (lib/data-sources/state.ts) with its age; error texts for admins only. */
async function sourceStates(db: Db, now: Date, audience: Exclude<HealthAudience, 'public'>) {
  try {
    const states = await loadSourceStates(db, now);
    return states.map((source) => ({
      ...(audience === 'admin' ? toAdminSourceStateView(source) : toSourceStateView(source)),
      ageSeconds: source.lastSuccessAt ? Math.round((now.getTime() - source.lastSuccessAt.getTime()) / 1000) : null,
    }));
  } catch {
    return [];
  }
}

/** What an admin is told while Redis is out of reach; everyone else sees only `degraded`. */
const redisOutageWarning =
  'Redis is out of reach: realtime events reach only the clients of this instance, rate limits count per instance, and cached answers are kept for at most a second, until it returns.';

/**
 * Healthy, degraded (Redis, behind the event bus and the rate limits, is out of reach) or down (the database is). A stale or unreachable data
 * source does not change it: each source's own state says that, to signed-in users.
 */
export async function checkHealth(db: Db, audience: HealthAudience) {
  const now = new Date();
  const [database, bus] = await Promise.all([pingDatabase(db), getBus().status()]);
  const redisDown = bus.status === 'down' || rateLimiterDegraded();
  const status = database.status === 'down' ? 'down' : redisDown ? 'degraded' : 'healthy';
  const websocket = realtimeStatus();
  const overall = { status, timestamp: now.toISOString() } as const;
  if (audience === 'public') return { ...overall, database: { status: database.status }, websocket: { available: websocket.available } };
  return {
    ...overall,
    uptimeSeconds: Math.round(process.uptime()),
    database,
    bus,
    websocket,
    ...(audience === 'admin' ? { warnings: redisDown ? [redisOutageWarning] : [] } : {}),
    sources: database.status === 'up' ? await sourceStates(db, now, audience) : [],
  };
}
