'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileSearch, Search } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { EmptyState } from '@/components/shared/empty-state';
import { LoadError } from '@/components/shared/load-error';
import { LoadingRows } from '@/components/shared/loading-rows';
import { TabLoading } from '@/components/shared/tab-loading';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { fetchReports, reportKeys } from '@/lib/reports/client';
import { defaultReportPeriod, type ReportPeriod } from '@/lib/reports/options';
import { PeriodSelect } from './period-select';
import { ReportCard } from './report-card';

// The other two tabs load when opened, not with the screen.
const ScheduledReports = dynamic(() => import('./scheduled-reports').then((module) => module.ScheduledReports), { ssr: false, loading: TabLoading });
const ReportTemplates = dynamic(() => import('./report-templates').then((module) => module.ReportTemplates), { ssr: false, loading: TabLoading });

/** Search, period and the three tabs of the Reports page. */
export function ReportsBrowser() {
  const [search, setSearch] = useState('');
  const [period, setPeriod] = useState<ReportPeriod>(defaultReportPeriod);
  const q = useDeferredValue(search.trim());
  const queryClient = useQueryClient();
  const reports = useQuery({
    queryKey: reportKeys.list(period, q),
    queryFn: () => fetchReports(period, q),
    placeholderData: (previous) => previous,
    // Poll while a report is being generated so it turns ready without a reload.
    refetchInterval: (query) => (query.state.data?.some((report) => report.status === 'generating') ? 1000 : false),
  });
  const generating = reports.data?.some((report) => report.status === 'generating') ?? false;
  const wasGenerating = useRef(false);
  useEffect(() => {
    if (wasGenerating.current && !generating) void queryClient.invalidateQueries({ queryKey: reportKeys.stats });
    wasGenerating.current = generating;
  }, [generating, queryClient]);

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search reports by title, type, or content..."
            aria-label="Search reports"
            className="pl-9"
          />
        </div>
        <PeriodSelect value={period} onChange={setPeriod} />
      </div>
      <Tabs defaultValue="recent" className="gap-4">
        <TabsList aria-label="Reports" className="h-auto w-full flex-wrap sm:w-fit">
          <TabsTrigger value="recent">Recent Reports</TabsTrigger>
          <TabsTrigger value="scheduled">Scheduled Reports</TabsTrigger>
          <TabsTrigger value="templates">Report Templates</TabsTrigger>
        </TabsList>
        <TabsContent value="recent">
          {reports.isPending ? (
            <LoadingRows label="Loading reports" rowClassName="h-28" />
          ) : reports.isError ? (
            <LoadError what="reports" error={reports.error} onRetry={() => reports.refetch()} />
          ) : reports.data.length === 0 ? (
            <EmptyState
              icon={FileSearch}
              title={q ? 'No reports match your search' : 'No reports in this period'}
              hint={q ? 'Try other words or a longer period.' : 'Generate a custom report or use a template to create one.'}
              testId="reports-empty"
            />
          ) : (
            <ul className="space-y-3" aria-label="Recent reports">
              {reports.data.map((report) => (
                <li key={report.id}>
                  <ReportCard report={report} />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="scheduled">
          <ScheduledReports />
        </TabsContent>
        <TabsContent value="templates">
          <ReportTemplates period={period} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
