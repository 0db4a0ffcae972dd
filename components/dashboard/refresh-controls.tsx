'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { dashboardDataPaths, dashboardKeys, polling, requestRefresh, type DataLatest } from '@/lib/dashboard/client';
import { matchesPrefixes } from '@/lib/dashboard/realtime-reactions';
import { refreshErrorToast, refreshSuccessToast } from '@/lib/dashboard/refresh-toasts';
import type { RefreshStatus } from '@/lib/dashboard/repository';
import { formatRelativeTime } from '@/lib/format';
import type { RefreshStats } from '@/lib/dashboard/refresh';
import { cn } from '@/lib/utils';

/** Last update, the daily allowance and the manual refresh (POST /api/data/refresh), with spec 001 §9's polling. */
export function RefreshControls({ initial }: { initial: RefreshStatus | null }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const latest = useQuery<DataLatest>({
    queryKey: dashboardKeys.dataLatest,
    refetchInterval: polling.dataLatestMs,
    staleTime: polling.dataLatestStaleMs,
    refetchOnWindowFocus: true,
    initialData: initial?.dataLatest,
  });
  const stats = useQuery<RefreshStats>({ queryKey: dashboardKeys.refreshStats, refetchInterval: polling.refreshStatsMs, initialData: initial?.refreshStats });
  const { refetch } = latest;

  // Spec 001 §7: also every 15 s while the tab is visible.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refetch();
    }, polling.dataLatestVisibleMs);
    return () => clearInterval(timer);
  }, [refetch]);

  const refresh = useMutation({
    mutationFn: requestRefresh,
    onSuccess: (result) => {
      toast(refreshSuccessToast(result.refreshStats.remainingDaily));
      queryClient.setQueryData(dashboardKeys.refreshStats, result.refreshStats);
      void queryClient.invalidateQueries({ predicate: (query) => matchesPrefixes(query.queryKey, dashboardDataPaths) });
      router.refresh();
    },
    onError: (error) => toast(refreshErrorToast(error)),
  });

  const remaining = stats.data?.remainingDaily ?? latest.data?.refreshStats.remainingDaily;
  // On a phone the status line has a row of its own from the first paint: its text grows when the
  // figures arrive, and the button must not move down under it then (a layout shift).
  return (
    <div className="flex flex-col items-start gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:gap-3">
      <p className="text-xs text-muted-foreground" data-testid="data-freshness">
        {latest.data?.lastUpdated ? `Updated ${formatRelativeTime(latest.data.lastUpdated)}` : latest.isPending ? 'Checking for updates...' : 'No updates yet'}
        {remaining !== undefined ? ` · ${remaining} refreshes left today` : ''}
      </p>
      <Button type="button" variant="outline" size="sm" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
        <RefreshCw className={cn(refresh.isPending && 'animate-spin')} aria-hidden="true" />
        {refresh.isPending ? 'Refreshing...' : 'Refresh Data'}
      </Button>
    </div>
  );
}
