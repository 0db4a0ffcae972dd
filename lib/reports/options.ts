// Report types, periods and templates (spec 001 §3, §4, §9), shared by the server and the screens.
// Free of zod, so the Reports screen does not ship the validation library to show its options.

export const reportTypes = ['Health Analysis', 'Signal Analysis', 'Risk Assessment', 'Discovery'] as const;
export type ReportType = (typeof reportTypes)[number];

export const reportPeriods = ['7d', '30d', '90d', 'all'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];
export const defaultReportPeriod: ReportPeriod = '30d';

export const reportTemplates = ['executive-summary', 'technical-analysis', 'regulatory-compliance', 'custom'] as const;
export type ReportTemplate = (typeof reportTemplates)[number];

/** What each template produces: its report type (the template adds its own title). */
export const templateReportType: Record<Exclude<ReportTemplate, 'custom'>, ReportType> = {
  'executive-summary': 'Health Analysis',
  'technical-analysis': 'Risk Assessment',
  'regulatory-compliance': 'Signal Analysis',
};

export type ReportStatus = 'ready' | 'generating' | 'scheduled' | 'failed';

export function periodDaysOf(period: ReportPeriod): number | null {
  return period === 'all' ? null : Number(period.slice(0, -1));
}

export function periodLabel(days: number | null): string {
  return days === null ? 'All time' : `Last ${days} days`;
}
