// The dashboard's react-query keys: the API path first, so the default queryFn fetches it and a
// realtime message can invalidate by path prefix (see realtime-reactions.ts).

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
