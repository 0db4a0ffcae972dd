import { AlertTriangle, Download } from 'lucide-react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PdfFrame } from '@/components/reports/pdf-frame';
import { ReportStatusBadge } from '@/components/reports/report-status-badge';
import { PageHeader } from '@/components/shell/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { reportDownloadUrl } from '@/lib/reports/client';
import { periodLabel } from '@/lib/reports/schema';
import { findVisibleReport } from '@/lib/reports/service';

export const metadata: Metadata = { title: 'Report' };

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

async function loadReport(userId: string, id: string) {
  try {
    return await findVisibleReport(db, userId, id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  }
}

export default async function ReportPage({ params }: { params: Promise<{ id: string }> }) {
  const viewer = await guardPage(db, '/reports/report');
  if (!viewer) return null;
  if (!viewer.user) notFound();
  const { id } = await params;
  const report = await loadReport(viewer.user.id, id);
  const isReady = report.status === 'ready';

  return (
    <div className="space-y-6">
      <PageHeader title={report.title} description={report.description}>
        {isReady && (
          <Button asChild>
            <a href={reportDownloadUrl(report.id)}>
              <Download aria-hidden="true" />
              Download PDF
            </a>
          </Button>
        )}
      </PageHeader>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-testid="report-meta">
        <Badge variant="secondary">{report.type}</Badge>
        <ReportStatusBadge status={report.status} />
        <span>{periodLabel(report.periodDays)}</span>
        <span aria-hidden="true">•</span>
        <span>{report.pages} pages</span>
        <span aria-hidden="true">•</span>
        <span>{report.insights} insights</span>
        <span aria-hidden="true">•</span>
        <span>{report.criticalFindings} critical</span>
        <span aria-hidden="true">•</span>
        <span>Generated {report.generatedAt ? `${dateFormat.format(new Date(report.generatedAt))} UTC` : 'not yet'}</span>
      </div>
      {!isReady ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {report.status === 'failed' ? (report.error ?? 'The report could not be generated.') : `This report is ${report.status}. Reload the page once it is ready.`}
        </p>
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Key findings</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-2" aria-label="Findings">
                {report.findings.map((finding, index) => (
                  <li key={index} className="flex gap-2 text-sm">
                    {finding.critical ? (
                      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" aria-label="Critical" />
                    ) : (
                      <span className="mt-2 size-1.5 shrink-0 rounded-full bg-muted-foreground" aria-hidden="true" />
                    )}
                    <span>{finding.text}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <PdfFrame src={reportDownloadUrl(report.id, true)} title={report.title} />
        </>
      )}
    </div>
  );
}
