import { apiRequest } from '@/lib/http/api-client';
import type { AddCompanyResponse, AnalyzeCompanyResponse, ChatResponse } from './schema';

// The widget's calls (spec 001 §7); safe to import from client components.

async function json<T>(url: string, body: unknown): Promise<T> {
  return (await (await apiRequest('POST', url, body)).json()) as T;
}

export const postChat = (message: string) => json<ChatResponse>('/api/chat', { message });
export const postAnalyzeCompany = (message: string) => json<AnalyzeCompanyResponse>('/api/chat/analyze-company', { message });
export const postAddCompany = (data: Record<string, unknown>) => json<AddCompanyResponse>('/api/chat/add-company', data);

/** The dashboard data an added company changes: stats, holdings and companies, whatever their query parameters. */
const trackedDataPaths = ['/api/dashboard/stats', '/api/treasury/holdings', '/api/companies'] as const;

export function isTrackedDataKey(queryKey: readonly unknown[]): boolean {
  const first = queryKey[0];
  return typeof first === 'string' && trackedDataPaths.some((path) => first === path || first.startsWith(`${path}?`) || first.startsWith(`${path}/`));
}
