import { z } from 'zod';

// Report types, periods and templates (spec 001 §3, §4, §9), shared by the server and the screens.

export const reportTypes = ['Health Analysis', 'Signal Analysis', 'Risk Assessment', 'Discovery'] as const;
export type ReportType = (typeof reportTypes)[number];

export const reportPeriods = ['7d', '30d', '90d', 'all'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];
export const defaultReportPeriod: ReportPeriod = '30d';

const reportTemplates = ['executive-summary', 'technical-analysis', 'regulatory-compliance', 'custom'] as const;
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

export const createReportSchema = z
  .object({
    type: z.enum(reportTypes, { error: 'Choose a report type.' }).optional(),
    period: z.enum(reportPeriods, { error: 'Choose a period: 7d, 30d, 90d or all.' }).default(defaultReportPeriod),
    template: z.enum(reportTemplates, { error: 'Unknown report template.' }).default('custom'),
  })
  .refine((input) => input.type !== undefined || input.template !== 'custom', { message: 'Choose a report type.', path: ['type'] });
export type CreateReportInput = z.infer<typeof createReportSchema>;

export const reportsQuerySchema = z.object({
  period: z.enum(reportPeriods, { error: 'Choose a period: 7d, 30d, 90d or all.' }).default(defaultReportPeriod),
  q: z.string().trim().max(200, 'Search text is too long.').optional(),
});

export interface ReportDto {
  id: string;
  title: string;
  description: string;
  type: ReportType;
  template: string | null;
  status: ReportStatus;
  pages: number;
  insights: number;
  criticalFindings: number;
  periodDays: number | null;
  sizeBytes: number;
  shared: boolean;
  createdAt: string;
  generatedAt: string | null;
  error: string | null;
}

export interface ReportDetailDto extends ReportDto {
  findings: { text: string; critical: boolean }[];
}

export interface ReportStatsDto {
  totalReports: number;
  totalInsights: number;
  criticalFindings: number;
  /** Whole percent of finished reports that succeeded; null before any finished. */
  successRate: number | null;
}

export interface ReportScheduleDto {
  id: string;
  key: string;
  name: string;
  type: string;
  cadence: string;
  timing: string;
  status: string;
  lastRunAt: string | null;
  nextRunAt: string | null;
}
