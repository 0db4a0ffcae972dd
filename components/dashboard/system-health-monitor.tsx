'use client';

import { useQuery } from '@tanstack/react-query';
import { ChevronDown, HeartPulse, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useRealtimeStatus } from '@/components/realtime/realtime-provider';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAfterIdle } from '@/components/ui/use-after-idle';
import { toast } from '@/components/ui/use-toast';
import { checkHealth, dashboardKeys } from '@/lib/dashboard/client';
import { healthPollMs, overallStatus, responseTimeLabel, websocketHealth, type ApiHealth, type OverallStatus } from '@/lib/dashboard/system-health';
import { formatRelativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';

const apiVariant = { healthy: 'success', degraded: 'warning', down: 'destructive' } as const;
const wsVariant = { connected: 'success', connecting: 'warning', disconnected: 'secondary' } as const;
const overallVariant: Record<OverallStatus, 'success' | 'warning' | 'destructive'> = { 'all operational': 'success', 'minor issues': 'warning', 'system issues': 'destructive' };

export function SystemHealthMonitor() {
  const [expanded, setExpanded] = useState(false);
  const regionId = useId();
  const realtime = useRealtimeStatus();
  // The first check waits until the page is idle ("checking..." until then); Refresh checks at once.
  const idle = useAfterIdle();
  const health = useQuery({ queryKey: dashboardKeys.health, queryFn: checkHealth, refetchInterval: healthPollMs, enabled: idle });
  const [checking, setChecking] = useState(false);

  // A failed check (timeout, network, unreadable answer) marks the API down.
  const api: ApiHealth | null = health.isError ? 'down' : (health.data?.api ?? null);
  const websocket = websocketHealth(realtime.state);
  const overall = api ? overallStatus(api, websocket) : null;

  async function refresh() {
    setChecking(true);
    const result = await health.refetch();
    setChecking(false);
    if (result.isError || result.data?.api === 'down') {
      toast({
        title: 'Health Check Failed',
        description: result.error instanceof Error ? result.error.message : 'The API reported that it is down.',
        variant: 'destructive',
      });
    }
  }

  return (
    <Card data-testid="system-health" data-overall={overall ?? 'checking'}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle className="flex items-center gap-2 text-base">
          <HeartPulse className="size-4" aria-hidden="true" /> System Health
        </CardTitle>
        <div className="flex items-center gap-2">
          <Badge variant={overall ? overallVariant[overall] : 'secondary'} data-testid="overall-status">
            {overall ?? 'checking...'}
          </Badge>
          <Button type="button" variant="ghost" size="sm" aria-expanded={expanded} aria-controls={regionId} onClick={() => setExpanded((value) => !value)}>
            <ChevronDown className={cn('transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
            {expanded ? 'Hide details' : 'Show details'}
          </Button>
        </div>
      </CardHeader>
      {expanded && (
        <CardContent id={regionId} className="flex flex-col gap-4 text-sm">
          <dl className="grid gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">API</dt>
              <dd className="mt-1">
                <Badge variant={api ? apiVariant[api] : 'secondary'} data-testid="api-status">
                  {api ?? 'checking'}
                </Badge>
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">WebSocket</dt>
              <dd className="mt-1">
                <Badge variant={wsVariant[websocket]} data-testid="websocket-status">
                  {websocket}
                </Badge>
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Response time</dt>
              <dd className="mt-1 tabular-nums" data-testid="response-time">
                {health.data && !health.isError ? `${health.data.responseTimeMs} ms · ${responseTimeLabel(health.data.responseTimeMs)}` : '—'}
              </dd>
            </div>
          </dl>
          <div>
            <h3 className="mb-2 font-medium">Data sources</h3>
            {health.data && health.data.sources.length > 0 ? (
              <ul className="grid gap-1 sm:grid-cols-2" data-testid="source-freshness">
                {health.data.sources.map((source) => (
                  <li key={source.key} className="flex min-w-0 items-center justify-between gap-2 rounded-md border px-2 py-1" title={source.summary}>
                    <span className="truncate">{source.name}</span>
                    <span className={cn('shrink-0 text-xs', source.state === 'live' || source.state === 'planned' ? 'text-muted-foreground' : 'text-destructive')}>
                      {source.label} · {source.lastSuccessAt ? `updated ${formatRelativeTime(source.lastSuccessAt)}` : 'never updated'}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">No source freshness available.</p>
            )}
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-muted-foreground">
              {health.data ? `Checked ${formatRelativeTime(health.data.checkedAt)} · every 30 s` : 'Checking...'}
            </p>
            <Button type="button" variant="outline" size="sm" onClick={() => void refresh()} disabled={checking}>
              <RefreshCw className={cn(checking && 'animate-spin')} aria-hidden="true" /> Check now
            </Button>
          </div>
        </CardContent>
      )}
    </Card>
  );
}
