'use client';

import { useQuery } from '@tanstack/react-query';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { allocationGuidance, sectorColor } from '@/lib/format';
import { analyticsKeys, fetchSectorAllocation } from '@/lib/analytics/client';
import { ChartPanel, tooltipStyle } from './chart-panel';

export function SectorBreakdownTab() {
  const sectors = useQuery({ queryKey: analyticsKeys.sectorAllocation, queryFn: fetchSectorAllocation });
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartPanel testId="chart-sector-allocation" title="Sector Allocation" description="Share of all BTC held, by sector." query={sectors} isEmpty={(data) => data.length === 0}>
        {(data) => (
          <ResponsiveContainer width="100%" height={280}>
            <PieChart>
              <Pie data={data} dataKey="percentage" nameKey="sector" innerRadius={55} outerRadius={95} paddingAngle={2} stroke="var(--card)" isAnimationActive={false}>
                {data.map((share) => (
                  <Cell key={share.sector} fill={sectorColor(share.sector)} />
                ))}
              </Pie>
              <Tooltip {...tooltipStyle} formatter={(value, name) => [`${value}%`, name]} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
            </PieChart>
          </ResponsiveContainer>
        )}
      </ChartPanel>
      <Card>
        <CardHeader>
          <CardTitle>Optimal Allocation Guidance</CardTitle>
          <CardDescription>Suggested share of a company&apos;s treasury in bitcoin, by sector.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="space-y-3">
            {(sectors.data ?? []).map((share) => (
              <li key={share.sector} className="flex items-center justify-between gap-3 rounded-lg border p-3 text-sm">
                <span className="flex items-center gap-2">
                  <span className="size-3 rounded-full" style={{ background: sectorColor(share.sector) }} aria-hidden="true" />
                  <span className="font-medium">{share.sector}</span>
                  <span className="text-muted-foreground">
                    {share.count} companies · {share.percentage}% of BTC
                  </span>
                </span>
                <span className="text-muted-foreground">{allocationGuidance[share.sector] ? `Optimal: ${allocationGuidance[share.sector]!.label}` : 'No guidance'}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
