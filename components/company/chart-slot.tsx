'use client';

import dynamic from 'next/dynamic';
import { useNearViewport } from '@/components/dashboard/use-near-viewport';
import { Skeleton } from '@/components/ui/skeleton';
import type { HoldingsPoint, IndexedSeries, MnavPricePoint } from './charts';

// The pages render on the server; recharts (charts.tsx) loads only when a chart nears the viewport,
// so the first paint carries the figures and a skeleton of each chart's size.

const loading = () => <Skeleton className="size-full" />;
const HoldingsChart = dynamic(() => import('./charts').then((module) => module.HoldingsChart), { ssr: false, loading });
const BtcPerShareChart = dynamic(() => import('./charts').then((module) => module.BtcPerShareChart), { ssr: false, loading });
const MnavPriceChart = dynamic(() => import('./charts').then((module) => module.MnavPriceChart), { ssr: false, loading });
const IndexedChart = dynamic(() => import('./charts').then((module) => module.IndexedChart), { ssr: false, loading });

function Slot({ testId, label, children }: { testId: string; label: string; children: React.ReactNode }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <div ref={ref} className="h-56 w-full text-muted-foreground sm:h-64" data-testid={testId} role="img" aria-label={label}>
      {near ? children : <Skeleton className="size-full" />}
    </div>
  );
}

export function HoldingsChartSlot({ points, label }: { points: HoldingsPoint[]; label: string }) {
  return (
    <Slot testId="holdings-chart" label={label}>
      <HoldingsChart points={points} />
    </Slot>
  );
}

export function BtcPerShareChartSlot({ points, label }: { points: { date: string; value: number; source: string }[]; label: string }) {
  return (
    <Slot testId="btc-per-share-chart" label={label}>
      <BtcPerShareChart points={points} />
    </Slot>
  );
}

export function MnavPriceChartSlot({ points, basisLabel, label }: { points: MnavPricePoint[]; basisLabel: string; label: string }) {
  return (
    <Slot testId="mnav-chart" label={label}>
      <MnavPriceChart points={points} basisLabel={basisLabel} />
    </Slot>
  );
}

export function IndexedChartSlot({ rows, series, label, testId }: { rows: Record<string, number | string | null>[]; series: IndexedSeries[]; label: string; testId: string }) {
  return (
    <Slot testId={testId} label={label}>
      <IndexedChart rows={rows} series={series} />
    </Slot>
  );
}
