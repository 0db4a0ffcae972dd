'use client';

import { useQuery } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatRelativeTime } from '@/lib/format';
import { countBy } from '@/lib/reports/figures';
import { analyticsKeys, fetchDiscoveries } from '@/lib/analytics/client';
import { axisProps, ChartPanel, tooltipStyle } from './chart-panel';

const groupings: { key: 'status' | 'type' | 'priority'; title: string; order: string[]; color: string }[] = [
  { key: 'status', title: 'By Status', order: ['investigating', 'watching', 'confirmed'], color: '#3b82f6' },
  { key: 'type', title: 'By Type', order: [], color: '#8b5cf6' },
  { key: 'priority', title: 'By Priority', order: ['high', 'medium', 'low'], color: '#f59e0b' },
];

export function DiscoveryPipelineTab() {
  const discoveries = useQuery({ queryKey: analyticsKeys.discoveries, queryFn: fetchDiscoveries });
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-3">
        {groupings.map((grouping) => (
          <ChartPanel key={grouping.key} testId={`chart-discovery-${grouping.key}`} title={`Discovery Pipeline ${grouping.title}`} query={discoveries} isEmpty={(data) => data.length === 0}>
            {(data) => (
              <ResponsiveContainer width="100%" height={220}>
                <BarChart data={countBy(data, (row) => row[grouping.key], grouping.order)}>
                  <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
                  <XAxis dataKey="label" {...axisProps} />
                  <YAxis allowDecimals={false} {...axisProps} />
                  <Tooltip {...tooltipStyle} formatter={(value) => [value, 'Companies']} cursor={{ fill: 'var(--muted)' }} />
                  <Bar dataKey="value" fill={grouping.color} radius={[4, 4, 0, 0]} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            )}
          </ChartPanel>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Pipeline</CardTitle>
        </CardHeader>
        <CardContent>
          {discoveries.data && discoveries.data.length > 0 ? (
            <ul className="divide-y text-sm">
              {discoveries.data.slice(0, 25).map((row) => (
                <li key={row.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between">
                  <span className="min-w-0">
                    <span className="font-medium">{row.companyName}</span> {row.ticker && <span className="text-muted-foreground">{row.ticker}</span>}
                    <span className="block text-xs text-muted-foreground">{row.description}</span>
                  </span>
                  <span className="flex shrink-0 items-center gap-2">
                    <Badge variant="outline">{row.status}</Badge>
                    <Badge variant="secondary">{row.priority}</Badge>
                    <span className="text-xs text-muted-foreground">{formatRelativeTime(row.detectedAt)}</span>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{discoveries.isPending ? 'Loading the pipeline...' : 'No companies in the discovery pipeline yet.'}</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
