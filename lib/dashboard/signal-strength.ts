// The Real-Time Signal Analysis panel of spec 001 §9: at most 5 alerts, critical and high first,
// and a strength figure from the share of critical and high signals.

const maxPanelAlerts = 5;

const severityRank: Record<string, number> = { critical: 0, high: 1, medium: 2, low: 3 };

interface RankedSignal {
  id: string;
  severity: string;
  detectedAt: string;
}

/** Strength = min((critical + high) / total × 100 + total × 5, 100); 0 when there are no signals. */
export function signalStrength(signals: readonly Pick<RankedSignal, 'severity'>[]): number {
  const total = signals.length;
  if (total === 0) return 0;
  const urgent = signals.filter((signal) => signal.severity === 'critical' || signal.severity === 'high').length;
  return Math.min((urgent / total) * 100 + total * 5, 100);
}

/** Critical before high before the rest, newest first within a severity; duplicates (by id) dropped. */
export function rankPanelSignals<T extends RankedSignal>(signals: readonly T[], limit = maxPanelAlerts): T[] {
  const seen = new Set<string>();
  const unique = signals.filter((signal) => (seen.has(signal.id) ? false : (seen.add(signal.id), true)));
  return unique
    .sort((a, b) => (severityRank[a.severity] ?? 9) - (severityRank[b.severity] ?? 9) || (b.detectedAt > a.detectedAt ? 1 : b.detectedAt < a.detectedAt ? -1 : 0))
    .slice(0, limit);
}
