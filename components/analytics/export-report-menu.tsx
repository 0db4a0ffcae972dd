'use client';

import { Download, FileSpreadsheet, FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { analyticsExportUrl } from '@/lib/analytics/client';

/** Export Report: a PDF summary or every company's metrics as CSV, downloaded by navigation. */
export function ExportReportMenu() {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Download aria-hidden="true" />
          Export Report
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <a href={analyticsExportUrl('pdf')}>
            <FileText aria-hidden="true" />
            PDF summary
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={analyticsExportUrl('csv')}>
            <FileSpreadsheet aria-hidden="true" />
            Companies CSV
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
