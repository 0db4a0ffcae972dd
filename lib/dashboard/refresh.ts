import type { Db } from '../db';
import { loadSourceStates, toSourceStateView } from '../data-sources/state';
import { hotReadKeys, hotReads, type HotRead } from '../web/cached-read';
import { AppError } from '../http/errors';
import { limitOf } from '../rate-limit/rules';
import { recomputeMetrics } from '../metrics/recompute';

/** Spec 001 §9: manual refreshes per user per day (UTC calendar day); 100 unless RATE_LIMIT_REFRESH_PER_DAY says otherwise. */
const dailyRefreshLimit = () => limitOf('refresh');
const refreshLimitMessage = (limit: number) =>
  `Daily refresh limit reached (${limit} per day). Please wait before refreshing again; the allowance resets at midnight UTC.`;

export interface RefreshStats {
  dailyRefreshes: number;
  remainingDaily: number;
}

function startOfUtcDay(now: Date) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export async function getRefreshStats(db: Db, userId: string, now = new Date()): Promise<RefreshStats> {
  const used = await db.refreshLog.count({ where: { userId, kind: 'manual', startedAt: { gte: startOfUtcDay(now) } } });
  return { dailyRefreshes: used, remainingDaily: Math.max(0, dailyRefreshLimit() - used) };
}

/** What a refresh runs: the source ingesters when present, then the metrics. Replaceable for tests. */
export type RefreshWork = (db: Db) => Promise<{ itemsAdded: number; message: string }>;

export const recomputeOnly: RefreshWork = async (db) => {
  const companies = await recomputeMetrics(db);
  return { itemsAdded: 0, message: `Metrics recomputed for ${companies} companies` };
};

/**
 * A user's manual refresh: counted against the daily allowance before the work starts (so parallel
 * clicks cannot exceed it), logged with its outcome.
 */
export async function manualRefresh(db: Db, userId: string, work: RefreshWork = recomputeOnly, now = new Date()) {
  const limit = dailyRefreshLimit();
  const log = await db.$transaction(async (tx) => {
    const used = await tx.refreshLog.count({ where: { userId, kind: 'manual', startedAt: { gte: startOfUtcDay(now) } } });
    if (used >= limit) return null;
    return tx.refreshLog.create({ data: { userId, kind: 'manual', status: 'running', startedAt: now } });
  });
  if (!log) throw new AppError('rate_limited', refreshLimitMessage(limit), undefined, { 'Retry-After': String(Math.ceil((startOfUtcDay(now).getTime() + 86_400_000 - now.getTime()) / 1000)) });
  try {
    const result = await work(db);
    await db.refreshLog.update({ where: { id: log.id }, data: { status: 'ok', message: result.message, itemsAdded: result.itemsAdded, finishedAt: new Date() } });
    return { ...result, refreshStats: await getRefreshStats(db, userId, now) };
  } catch (error) {
    await db.refreshLog.update({ where: { id: log.id }, data: { status: 'error', message: error instanceof Error ? error.message.slice(0, 500) : 'failed', finishedAt: new Date() } });
    throw error;
  }
}

/** When the data last changed: the newest successful source update, signal or metrics run; each source's state without error texts. */
export async function getDataLatest(db: Db, userId: string) {
  const [sources, signal, metric, refreshStats] = await Promise.all([
    loadSourceStates(db),
    db.signal.findFirst({ orderBy: { createdAt: 'desc' }, select: { createdAt: true } }),
    db.companyMetric.findFirst({ orderBy: { computedAt: 'desc' }, select: { computedAt: true } }),
    getRefreshStats(db, userId),
  ]);
  const times = [...sources.map((source) => source.lastSuccessAt), signal?.createdAt, metric?.computedAt].filter((time): time is Date => Boolean(time));
  const lastUpdated = times.length ? new Date(Math.max(...times.map((time) => time.getTime()))) : null;
  return {
    lastUpdated: lastUpdated?.toISOString() ?? null,
    refreshStats,
    sources: sources.map(toSourceStateView),
  };
}

export type DataLatest = Awaited<ReturnType<typeof getDataLatest>>;

/**
 * GET /api/data/latest and GET /api/refresh/stats as hot reads: their routes answer from these cache
 * entries, and the dashboard's first paint reads the same ones (lib/dashboard/repository.ts).
 */
export const refreshReads = {
  dataLatest: (db: Db, userId: string): HotRead<DataLatest> => ({
    key: hotReadKeys.dataLatest(userId),
    policy: hotReads.dataLatest,
    compute: () => getDataLatest(db, userId),
  }),
  refreshStats: (db: Db, userId: string): HotRead<RefreshStats> => ({
    key: hotReadKeys.refreshStats(userId),
    policy: hotReads.refreshStats,
    compute: () => getRefreshStats(db, userId),
  }),
};
