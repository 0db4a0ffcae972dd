'use client';

import { useQuery } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, Cell, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBtc, formatMoney } from '@/lib/format';
import { analyticsKeys, fetchHealthDistribution, fetchTreasuryTrends, type TrendPoint } from '@/lib/analytics/client';
import { axisProps, ChartPanel, tooltipStyle } from './chart-panel';

const bucketColors: Record<string, string> = { 'A-B': '#10b981', 'C-D': '#f59e0b', 'E-F': '#ef4444' };
const compactBtc = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export function HealthAnalysisTab() {
  const health = useQuery({ queryKey: analyticsKeys.healthDistribution, queryFn: fetchHealthDistribution });
  const trends = useQuery({ queryKey: analyticsKeys.treasuryTrends, queryFn: fetchTreasuryTrends });
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartPanel
        testId="chart-health-distribution"
        title="Health Grade Distribution"
        description="Share of tracked companies by health grade."
        query={health}
        isEmpty={(data) => Object.values(data).every((value) => value === 0)}
      >
        {(data) => (
          <ResponsiveContainer width="100%" height={260}>
            <BarChart data={Object.entries(data).map(([bucket, percentage]) => ({ bucket: `Grade ${bucket}`, key: bucket, percentage }))}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
              <XAxis dataKey="bucket" {...axisProps} />
              <YAxis unit="%" {...axisProps} />
              <Tooltip {...tooltipStyle} formatter={(value) => [`${value}%`, 'Companies']} cursor={{ fill: 'var(--muted)' }} />
              <Bar dataKey="percentage" radius={[4, 4, 0, 0]} isAnimationActive={false}>
                {Object.keys(data).map((bucket) => (
                  <Cell key={bucket} fill={bucketColors[bucket]} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        )}
      </ChartPanel>
      <ChartPanel testId="chart-treasury-trends" title="Treasury Trends" description="Total BTC held by tracked companies over time." query={trends} isEmpty={(data) => data.length === 0}>
        {(data) => (
          <ResponsiveContainer width="100%" height={260}>
            <LineChart data={data}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
              <XAxis dataKey="date" {...axisProps} minTickGap={40} />
              <YAxis {...axisProps} tickFormatter={(value: number) => compactBtc.format(value)} width={56} />
              <Tooltip
                {...tooltipStyle}
                formatter={(value, _name, item) => [`${formatBtc(Number(value))} (${formatMoney((item.payload as TrendPoint).totalValueUsd)})`, 'Held']}
              />
              <Line type="monotone" dataKey="totalBtc" stroke="#f59e0b" strokeWidth={2} dot={false} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        )}
      </ChartPanel>
    </div>
  );
}
