// Browser side of the dashboard: react-query keys (the API path first, so the default queryFn
// fetches it and a realtime message can invalidate by path prefix, see realtime-reactions.ts), the
// polling cadences, and the fetchers the default queryFn cannot stand in for.
import type { SourceStateView } from '../data-sources/state';
import { apiRequest } from '../http/api-client';
import type { RefreshStats } from './refresh';
import { toHoldingRow, type HoldingRow } from './holding-row';
import type { HoldingRecord } from './holding-row';
import { apiHealthOf, healthTimeoutMs, type ApiHealth } from './system-health';

export const dashboardKeys = {
  stats: ['/api/dashboard/stats'],
  holdings: ['/api/treasury/holdings'],
  criticalSignals: ['/api/signals?severity=critical'],
  recentSignals: ['/api/signals?limit=50'],
  dataLatest: ['/api/data/latest'],
  refreshStats: ['/api/refresh/stats'],
  health: ['/api/health'],
  marketData: ['/api/market-data'],
  company: (id: string) => [`/api/companies/${encodeURIComponent(id)}`],
} as const;

/** Spec 001 §9 polling cadences. */
export const polling = {
  criticalSignalsMs: 10_000,
  dataLatestMs: 30_000,
  dataLatestStaleMs: 10_000,
  dataLatestVisibleMs: 15_000,
  refreshStatsMs: 60_000,
} as const;

/** The paths a manual refresh makes stale (every read the dashboard shows). */
export const dashboardDataPaths = ['/api/dashboard', '/api/treasury', '/api/signals', '/api/analytics', '/api/data', '/api/market-data', '/api/companies', '/api/discoveries'];

/** GET /api/data/latest's body, as lib/dashboard/refresh.ts computes it. */
export type { DataLatest } from './refresh';

/** The holdings table's rows: /api/treasury/holdings, each company narrowed to what the dashboard reads. */
export async function fetchHoldingRows(): Promise<HoldingRow[]> {
  const companies = (await (await apiRequest('GET', dashboardKeys.holdings[0])).json()) as HoldingRecord[];
  return companies.map(toHoldingRow);
}

/** POST /api/data/refresh: recomputes the figures and answers with the day's remaining allowance. */
export async function requestRefresh(): Promise<{ refreshStats: RefreshStats }> {
  return (await (await apiRequest('POST', '/api/data/refresh')).json()) as { refreshStats: RefreshStats };
}


export interface HealthCheck {
  api: ApiHealth;
  responseTimeMs: number;
  checkedAt: string;
  database: string | null;
  sources: SourceStateView[];
}

/**
 * GET /api/health with the spec's 5 s timeout, timed by the browser. Not over apiRequest: a 503 still
 * carries the body the monitor shows.
 */
export async function checkHealth(): Promise<HealthCheck> {
  const started = performance.now();
  const response = await fetch('/api/health', { credentials: 'include', cache: 'no-store', signal: AbortSignal.timeout(healthTimeoutMs) });
  const body = (await response.json().catch(() => null)) as { database?: { status?: string }; sources?: SourceStateView[] } | null;
  if (!response.ok && response.status !== 503) throw new Error(`${response.status}: ${response.statusText}`);
  return {
    api: apiHealthOf(body),
    responseTimeMs: Math.round(performance.now() - started),
    checkedAt: new Date().toISOString(),
    database: body?.database?.status ?? null,
    sources: Array.isArray(body?.sources) ? body.sources : [],
  };
}
