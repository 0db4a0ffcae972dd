import { apiRequest } from '@/lib/http/api-client';
import type { CreateReportInput, ReportDto, ReportPeriod, ReportScheduleDto, ReportStatsDto } from './schema';

// Query keys and fetchers for the Reports screens; safe to import from client components.

export const reportKeys = {
  all: ['/api/reports'] as const,
  list: (period: ReportPeriod, q: string) => ['/api/reports', 'list', period, q] as const,
  stats: ['/api/reports', 'stats'] as const,
  schedules: ['/api/reports', 'schedules'] as const,
  detail: (id: string) => ['/api/reports', 'detail', id] as const,
};

async function json<T>(method: string, url: string, body?: unknown): Promise<T> {
  return (await (await apiRequest(method, url, body)).json()) as T;
}

export function fetchReports(period: ReportPeriod, q: string) {
  const params = new URLSearchParams({ period });
  if (q.trim()) params.set('q', q.trim());
  return json<ReportDto[]>('GET', `/api/reports?${params}`);
}
export const fetchReportStats = () => json<ReportStatsDto>('GET', '/api/reports/stats');
export const fetchReportSchedules = () => json<ReportScheduleDto[]>('GET', '/api/reports/schedules');
export const postReport = (input: Partial<CreateReportInput>) => json<ReportDto>('POST', '/api/reports', input);
export const reportDownloadUrl = (id: string, inline = false) => `/api/reports/${encodeURIComponent(id)}/download${inline ? '?inline=1' : ''}`;

/** The report's PDF as a blob, for showing it in a frame (the download URL itself may not be framed). */
export async function fetchPdf(url: string): Promise<Blob> {
  const response = await apiRequest('GET', url);
  return new Blob([await response.blob()], { type: 'application/pdf' });
}
