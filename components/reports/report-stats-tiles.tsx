'use client';

import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, FileText, Lightbulb } from 'lucide-react';
import { LoadError } from '@/components/shared/load-error';
import { StatTile, StatValue } from '@/components/shared/stat-tile';
import { Skeleton } from '@/components/ui/skeleton';
import { fetchReportStats, reportKeys } from '@/lib/reports/client';
import type { ReportStatsDto } from '@/lib/reports/schema';

const tiles: { key: keyof ReportStatsDto; label: string; icon: React.ReactNode; hint: string; format: (value: number | null) => string }[] = [
  { key: 'totalReports', label: 'Total Reports', icon: <FileText />, hint: 'Your reports and the scheduled ones', format: (value) => String(value ?? 0) },
  { key: 'totalInsights', label: 'Insights Generated', icon: <Lightbulb />, hint: 'Findings across those reports', format: (value) => String(value ?? 0) },
  { key: 'criticalFindings', label: 'Critical Findings', icon: <AlertTriangle />, hint: 'Findings marked critical', format: (value) => String(value ?? 0) },
  { key: 'successRate', label: 'Success Rate', icon: <CheckCircle2 />, hint: 'Finished reports that generated', format: (value) => (value === null ? '—' : `${value}%`) },
];

/** The four tiles of the Reports page, counted by the server. */
export function ReportStatsTiles() {
  const stats = useQuery({ queryKey: reportKeys.stats, queryFn: fetchReportStats });
  if (stats.isError) {
    return <LoadError what="report statistics" error={stats.error} onRetry={() => stats.refetch()} className="rounded-lg border border-destructive/50 p-4" />;
  }
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-busy={stats.isPending}>
      {tiles.map((tile) => (
        <StatTile key={tile.key} testId={`report-stat-${tile.key}`} label={tile.label} icon={tile.icon} hint={tile.hint}>
          {stats.isPending ? <Skeleton className="h-8 w-16" /> : <StatValue>{tile.format(stats.data[tile.key])}</StatValue>}
        </StatTile>
      ))}
    </div>
  );
}
