'use client';

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { reportPeriods, type ReportPeriod } from '@/lib/reports/options';

export const periodOptionLabels: Record<ReportPeriod, string> = { '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days', all: 'All time' };

export function PeriodSelect({ value, onChange }: { value: ReportPeriod; onChange: (value: ReportPeriod) => void }) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as ReportPeriod)}>
      <SelectTrigger className="w-full sm:w-44" aria-label="Report period" data-testid="report-period">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {reportPeriods.map((option) => (
          <SelectItem key={option} value={option} data-value={option}>
            {periodOptionLabels[option]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
