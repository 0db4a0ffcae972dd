import { z } from 'zod';
import { defaultReportPeriod, reportPeriods, reportTemplates, reportTypes, type ReportStatus, type ReportType } from './options';

// The report API's request schemas and wire types; the options themselves live in options.ts.
export { periodDaysOf, periodLabel, templateReportType } from './options';
export type { ReportPeriod, ReportStatus, ReportTemplate, ReportType } from './options';

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
