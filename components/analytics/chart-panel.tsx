'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import { LoadError } from '@/components/shared/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { chartTooltipStyle } from '@/components/ui/chart-tooltip-style';
import { Skeleton } from '@/components/ui/skeleton';

export const tooltipStyle = chartTooltipStyle;
export const axisProps = { stroke: 'var(--muted-foreground)', fontSize: 12, tickLine: false } as const;

/** A card around one chart with its loading, error and empty states. */
export function ChartPanel<T>({
  title,
  description,
  query,
  isEmpty,
  children,
  testId,
}: {
  title: string;
  description?: string;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  children: (data: T) => React.ReactNode;
  testId?: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-64 w-full" role="status" aria-label={`Loading ${title}`} />
        ) : query.isError ? (
          <LoadError what="this chart" error={query.error} onRetry={() => query.refetch()} className="h-64 flex-col justify-center" />
        ) : isEmpty(query.data) ? (
          <div className="flex h-64 flex-col items-center justify-center gap-2 text-sm text-muted-foreground">
            <BarChart3 className="size-6" aria-hidden="true" />
            No data yet.
          </div>
        ) : (
          <div data-chart>{children(query.data)}</div>
        )}
      </CardContent>
    </Card>
  );
}
