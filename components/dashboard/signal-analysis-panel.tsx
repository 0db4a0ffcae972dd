'use client';

import { useQuery } from '@tanstack/react-query';
import { Zap } from 'lucide-react';
import Link from 'next/link';
import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { useAfterIdle } from '@/components/ui/use-after-idle';
import { applyDashboardFilter, isRecent } from '@/lib/dashboard/filters';
import { dashboardKeys, fetchHoldingRows, polling } from '@/lib/dashboard/client';
import type { HoldingRow } from '@/lib/dashboard/holding-row';
import { rankPanelSignals, signalStrength } from '@/lib/dashboard/signal-strength';
import { formatRelativeTime } from '@/lib/format';
import { companyPath } from '@/lib/treasury/company-path';
import type { signalView } from '@/lib/signals/repository';
import { useDashboardFilter } from './dashboard-filter';

type SignalRecord = ReturnType<typeof signalView>;

const severityVariant = { critical: 'destructive', high: 'warning', medium: 'info', low: 'secondary' } as const;

/**
 * Real-Time Signal Analysis (spec 001 §9): critical signals polled every 10 s with the recent ones,
 * at most 5 alerts, critical and high first, and the strength of the current signal flow.
 */
export function SignalAnalysisPanel({ initialHoldings }: { initialHoldings: HoldingRow[] }) {
  const { filter, recentChangeIds } = useDashboardFilter();
  // Below the first screen on a phone: the first fetch waits until the page is idle.
  const idle = useAfterIdle();
  const critical = useQuery<SignalRecord[]>({ queryKey: dashboardKeys.criticalSignals, refetchInterval: polling.criticalSignalsMs, enabled: idle });
  const recent = useQuery<SignalRecord[]>({ queryKey: dashboardKeys.recentSignals, refetchInterval: polling.criticalSignalsMs, enabled: idle });
  const holdings = useQuery({ queryKey: dashboardKeys.holdings, queryFn: fetchHoldingRows, initialData: initialHoldings });

  const signals = useMemo(() => {
    const all = [...(critical.data ?? []), ...(recent.data ?? [])];
    if (filter === 'all' || filter === 'top-signals') return all;
    const now = new Date();
    if (filter === 'recent-activity') return all.filter((signal) => isRecent(signal.detectedAt, now));
    // Risk filters narrow the signals to the companies the table shows.
    const ids = new Set(applyDashboardFilter(holdings.data, filter, { now, recentChangeIds }).map((company) => company.id));
    return all.filter((signal) => signal.companyId !== null && ids.has(signal.companyId));
  }, [critical.data, recent.data, filter, holdings.data, recentChangeIds]);

  const unique = useMemo(() => rankPanelSignals(signals, Number.POSITIVE_INFINITY), [signals]);
  const alerts = unique.slice(0, 5);
  const strength = Math.round(signalStrength(unique));
  const loading = critical.isPending || recent.isPending;
  const failed = critical.isError && recent.isError;

  return (
    <Card data-testid="signal-analysis">
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle className="flex items-center gap-2 text-base">
          <Zap className="size-4 text-warning" aria-hidden="true" /> Real-Time Signal Analysis
        </CardTitle>
        <Button asChild variant="ghost" size="sm">
          <Link href="/signals">All signals</Link>
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div>
          <div className="mb-1 flex items-center justify-between text-sm">
            <span className="text-muted-foreground">Signal strength</span>
            <span className="font-semibold tabular-nums" data-testid="signal-strength">
              {loading ? '—' : `${strength}%`}
            </span>
          </div>
          <Progress value={loading ? 0 : strength} aria-label="Signal strength" />
          <p className="mt-1 text-xs text-muted-foreground">
            {unique.length} recent signal{unique.length === 1 ? '' : 's'}, {unique.filter((signal) => signal.severity === 'critical' || signal.severity === 'high').length} critical or high
          </p>
        </div>
        {loading ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : failed ? (
          <p role="alert" className="text-sm text-destructive">
            {critical.error?.message}
          </p>
        ) : alerts.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">No signals to show{filter === 'all' ? ' yet' : ' for this filter'}.</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="signal-alerts">
            {alerts.map((signal) => (
              <li key={signal.id} className="rounded-md border p-3 text-sm">
                <div className="flex items-center justify-between gap-2">
                  <span className="flex min-w-0 items-center gap-2">
                    <Badge variant={severityVariant[signal.severity as keyof typeof severityVariant] ?? 'secondary'}>{signal.severity}</Badge>
                    {signal.companyId ? (
                      <Link href={companyPath(signal.companyId)} prefetch={false} className="truncate font-medium underline-offset-2 hover:underline">
                        {signal.companyName || 'Unknown Company'}
                      </Link>
                    ) : (
                      <span className="truncate font-medium">{signal.companyName || 'Unknown Company'}</span>
                    )}
                  </span>
                  <span className="shrink-0 text-xs text-muted-foreground">{formatRelativeTime(signal.detectedAt)}</span>
                </div>
                <p className="mt-1 line-clamp-2 text-muted-foreground">{signal.description}</p>
                <p className="mt-1 text-xs text-muted-foreground">
                  {signal.metadata.filingUrl ? (
                    <a href={signal.metadata.filingUrl} target="_blank" rel="noreferrer" className="underline-offset-2 hover:underline">
                      {signal.source}
                    </a>
                  ) : (
                    signal.source
                  )}{' '}
                  · {signal.confidence}% confidence
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
