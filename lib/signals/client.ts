import { apiRequest, getJson } from '@/lib/http/api-client';
import type { FilingDto, MarketImpactDto, SignalDetailDto, SignalDto, SignalSummaryDto } from './schema';

// React-query keys and fetchers of the Signals screen (browser side).

export const signalsPollMs = 10_000;
const signalsPageSize = 20;

export interface SignalFilters {
  q: string;
  severity: string;
}

export const signalKeys = {
  all: ['/api/signals'] as const,
  list: (filters: SignalFilters) => ['/api/signals', 'list', filters] as const,
  summary: ['/api/signals', 'summary'] as const,
  detail: (id: string) => ['/api/signals', 'detail', id] as const,
  filing: (id: string) => ['/api/signals', 'filing', id] as const,
};

function signalsUrl(filters: SignalFilters, cursor?: string | null): string {
  const params = new URLSearchParams({ limit: String(signalsPageSize) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.severity !== 'all') params.set('severity', filters.severity);
  if (cursor) params.set('cursor', cursor);
  return `/api/signals?${params}`;
}

export async function fetchSignalPage(filters: SignalFilters, cursor: string | null): Promise<{ signals: SignalDto[]; nextCursor: string | null }> {
  const response = await apiRequest('GET', signalsUrl(filters, cursor));
  return { signals: (await response.json()) as SignalDto[], nextCursor: response.headers.get('X-Next-Cursor') };
}

export const fetchSignalSummary = async () => (await getJson<SignalSummaryDto>('/api/signals/summary'))!;
export const fetchSignalDetail = async (id: string) => (await getJson<SignalDetailDto>(`/api/signals/${encodeURIComponent(id)}`))!;
export const fetchSignalFiling = async (id: string) => (await getJson<FilingDto>(`/api/signals/${encodeURIComponent(id)}/filing`))!;
export const fetchMarketImpact = async (id: string) => (await getJson<MarketImpactDto>(`/api/signals/${encodeURIComponent(id)}/market-impact`))!;

export const addToWatchlist = (signalId: string) => apiRequest('POST', '/api/watchlist', { signalId });
export const createAlertRule = (body: { kind: 'signal' | 'price'; companyId?: string; signalId?: string }) => apiRequest('POST', '/api/alerts', body);

/** The investigation report of a signal, as a PDF blob (a download: not JSON). */
export async function fetchSignalReport(id: string): Promise<Blob> {
  return (await apiRequest('GET', `/api/signals/${encodeURIComponent(id)}/report`)).blob();
}


