// The dashboard's quick filters (spec 001 §2, §4): one of five values, applied to the holdings
// table and, where meaningful, to the signal panel.

const dashboardFilters = ['all', 'top-signals', 'high-risk', 'safe-holdings', 'recent-activity'] as const;
export type DashboardFilter = (typeof dashboardFilters)[number];

export const quickFilters: readonly { value: Exclude<DashboardFilter, 'all'>; label: string; description: string }[] = [
  { value: 'top-signals', label: 'Top Signals', description: 'Companies with active signals, strongest first' },
  { value: 'high-risk', label: 'High Risk/Reward', description: 'AI risk score 7.5 or above' },
  { value: 'safe-holdings', label: 'Safe Holdings', description: 'AI risk score 5 or below' },
  { value: 'recent-activity', label: 'Recent Activity', description: 'A signal or holdings change in the last 24 hours' },
];

const highRiskThreshold = 7.5;
const safeRiskThreshold = 5;
const recentActivityMs = 24 * 60 * 60 * 1000;

export interface FilterableHolding {
  id: string;
  metrics: { aiRiskScore: number };
  activeSignals: readonly { severity: string; detectedAt: string }[];
}

export interface FilterContext {
  now: Date;
  /** Companies whose holdings changed in the last 24 hours. */
  recentChangeIds: ReadonlySet<string>;
}

const severityWeight: Record<string, number> = { critical: 4, high: 3, medium: 2, low: 1 };

function signalWeight(holding: FilterableHolding): number {
  return holding.activeSignals.reduce((sum, signal) => sum + (severityWeight[signal.severity] ?? 0), 0);
}

export function isRecent(isoDate: string, now: Date): boolean {
  const at = new Date(isoDate).getTime();
  return Number.isFinite(at) && now.getTime() - at <= recentActivityMs;
}

function hasRecentActivity(holding: FilterableHolding, context: FilterContext): boolean {
  return context.recentChangeIds.has(holding.id) || holding.activeSignals.some((signal) => isRecent(signal.detectedAt, context.now));
}

export function applyDashboardFilter<T extends FilterableHolding>(holdings: readonly T[], filter: DashboardFilter, context: FilterContext): T[] {
  switch (filter) {
    case 'top-signals':
      // Array.prototype.sort is stable, so equal weights keep the largest-holder-first order.
      return holdings.filter((holding) => holding.activeSignals.length > 0).sort((a, b) => signalWeight(b) - signalWeight(a));
    case 'high-risk':
      return holdings.filter((holding) => holding.metrics.aiRiskScore >= highRiskThreshold);
    case 'safe-holdings':
      return holdings.filter((holding) => holding.metrics.aiRiskScore <= safeRiskThreshold);
    case 'recent-activity':
      return holdings.filter((holding) => hasRecentActivity(holding, context));
    default:
      return [...holdings];
  }
}

export function isDashboardFilter(value: unknown): value is DashboardFilter {
  return typeof value === 'string' && (dashboardFilters as readonly string[]).includes(value);
}
