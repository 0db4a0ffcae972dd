'use client';

import { Download, FileSpreadsheet, FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

/** Export Report: a PDF summary or every company's metrics as CSV, downloaded by navigation. */
export function ExportReportMenu() {
  const download = (format: 'pdf' | 'csv') => {
    window.location.href = `/api/analytics/export?format=${format}`;
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Download aria-hidden="true" />
          Export Report
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => download('pdf')}>
          <FileText aria-hidden="true" />
          PDF summary
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => download('csv')}>
          <FileSpreadsheet aria-hidden="true" />
          Companies CSV
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
