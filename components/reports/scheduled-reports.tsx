'use client';

import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { LoadError } from '@/components/shared/load-error';
import { LoadingRows } from '@/components/shared/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { fetchReportSchedules, reportKeys } from '@/lib/reports/client';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const statusClass: Record<string, string> = {
  active: 'border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
  scheduled: 'border-blue-500/30 bg-blue-500/10 text-blue-700 dark:text-blue-400',
  paused: 'border-muted-foreground/30 text-muted-foreground',
};

/** The four schedules (spec 001 §2), with their timing (UTC) and last and next runs. */
export function ScheduledReports() {
  const schedules = useQuery({ queryKey: reportKeys.schedules, queryFn: fetchReportSchedules });
  if (schedules.isPending) {
    return (
      <LoadingRows label="Loading scheduled reports" rowClassName="h-20" />
    );
  }
  if (schedules.isError) {
    return <LoadError what="scheduled reports" error={schedules.error} onRetry={() => schedules.refetch()} />;
  }
  if (!schedules.data.length) return <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">No scheduled reports.</p>;
  return (
    <ul className="space-y-3" aria-label="Scheduled reports">
      {schedules.data.map((schedule) => (
        <li key={schedule.id}>
          <Card data-testid="report-schedule">
            <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex gap-3">
                <CalendarClock className="mt-1 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div className="space-y-1">
                  <h3 className="font-semibold">{schedule.name}</h3>
                  <p className="text-sm text-muted-foreground">
                    {schedule.timing} <span className="text-xs">(UTC)</span> · {schedule.type}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Next run: {schedule.nextRunAt ? `${when.format(new Date(schedule.nextRunAt))} UTC` : '—'} · Last run:{' '}
                    {schedule.lastRunAt ? `${when.format(new Date(schedule.lastRunAt))} UTC` : 'not yet'}
                  </p>
                </div>
              </div>
              <Badge variant="outline" className={statusClass[schedule.status] ?? statusClass.paused}>
                {schedule.status}
              </Badge>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
