'use client';

import { Download, Eye, FileText } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { reportDownloadUrl } from '@/lib/reports/client';
import type { ReportDto } from '@/lib/reports/schema';
import { ReportStatusBadge } from './report-status-badge';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One report: Download and View work only once it is ready (spec 001 §4). */
export function ReportCard({ report }: { report: ReportDto }) {
  const isReady = report.status === 'ready';
  return (
    <Card data-testid="report-card" data-report-id={report.id} data-status={report.status}>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <FileText className="mt-1 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="min-w-0 space-y-2">
            <h3 className="font-semibold leading-tight">{report.title}</h3>
            <p className="text-sm text-muted-foreground">{report.description}</p>
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <Badge variant="secondary">{report.type}</Badge>
              <ReportStatusBadge status={report.status} />
              {report.shared && <Badge variant="outline">Scheduled</Badge>}
              <span>{report.pages} {report.pages === 1 ? 'page' : 'pages'}</span>
              <span aria-hidden="true">•</span>
              <span>{report.insights} {report.insights === 1 ? 'insight' : 'insights'}</span>
              {report.criticalFindings > 0 && (
                <>
                  <span aria-hidden="true">•</span>
                  <span className="text-red-600 dark:text-red-400">{report.criticalFindings} critical</span>
                </>
              )}
              <span aria-hidden="true">•</span>
              <time dateTime={report.createdAt}>{dateFormat.format(new Date(report.createdAt))}</time>
            </div>
            {report.status === 'failed' && <p className="text-sm text-destructive">{report.error ?? 'The report could not be generated.'}</p>}
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!isReady}
            onClick={() => {
              window.location.href = reportDownloadUrl(report.id);
            }}
          >
            <Download aria-hidden="true" />
            Download
          </Button>
          <Button variant="outline" size="sm" disabled={!isReady} onClick={() => window.open(`/reports/${report.id}`, '_blank', 'noopener')}>
            <Eye aria-hidden="true" />
            View
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
