'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { HealthDistribution } from '@/lib/dashboard/repository';
import { healthSlices } from './health-slices';
import { useNearViewport } from './use-near-viewport';

// recharts stays out of the dashboard's first-load JavaScript: the doughnut loads after the page.
const HealthDistributionChart = dynamic(() => import('./health-distribution-chart').then((module) => module.HealthDistributionChart), {
  ssr: false,
  loading: () => <Skeleton className="mx-auto size-40 rounded-full" />,
});

/** Health distribution doughnut (GET /api/analytics/health-distribution, keys A-B, C-D, E-F). */
export function HealthDistributionCard({ initialDistribution }: { initialDistribution: HealthDistribution }) {
  const { data } = useQuery<HealthDistribution>({ queryKey: ['/api/analytics/health-distribution'], initialData: initialDistribution });
  const slices = healthSlices(data);
  const [chartRef, chartNear] = useNearViewport<HTMLDivElement>();
  return (
    <Card data-testid="health-distribution">
      <CardHeader>
        <CardTitle className="text-base">Health Distribution</CardTitle>
        <CardDescription>Share of companies by health grade</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4">
        <div ref={chartRef} className="h-40 w-40 shrink-0" data-testid="health-doughnut">
          {chartNear ? <HealthDistributionChart slices={slices} /> : <Skeleton className="mx-auto size-40 rounded-full" />}
        </div>
        <ul className="flex w-full flex-col gap-2 text-sm">
          {slices.map((slice) => (
            <li key={slice.key} className="flex items-center justify-between gap-2">
              <span className="flex items-center gap-2">
                <span className="size-3 rounded-full" style={{ backgroundColor: slice.color }} aria-hidden="true" />
                {slice.label}
              </span>
              <span className="font-medium tabular-nums">{slice.value}%</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
