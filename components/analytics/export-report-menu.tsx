'use client';

import { Download, FileSpreadsheet, FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { analyticsExportUrl } from '@/lib/analytics/client';

const exports = [
  { format: 'pdf', label: 'PDF summary', icon: <FileText aria-hidden="true" /> },
  { format: 'csv', label: 'Companies CSV', icon: <FileSpreadsheet aria-hidden="true" /> },
] as const;

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
        {exports.map(({ format, label, icon }) => (
          <DropdownMenuItem key={format} asChild>
            <a href={analyticsExportUrl(format)}>
              {icon}
              {label}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
