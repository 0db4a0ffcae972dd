import { apiRequest } from '@/lib/http/api-client';
import type { AffiliateLinkDto, AffiliateStats, InfluencerTrialResponse } from './schema';

// Query keys and fetchers for the /affiliate page; safe to import from client components.

export const affiliateKeys = {
  stats: ['/api/affiliate/stats'] as const,
  links: ['/api/affiliate/links'] as const,
};

async function json<T>(method: string, url: string, body?: unknown): Promise<T> {
  return (await (await apiRequest(method, url, body)).json()) as T;
}

export const fetchAffiliateStats = () => json<AffiliateStats>('GET', '/api/affiliate/stats');
export const fetchAffiliateLinks = () => json<AffiliateLinkDto[]>('GET', '/api/affiliate/links');
export const postAffiliateLink = (name: string) => json<AffiliateLinkDto>('POST', '/api/affiliate/links', { name });
export const patchAffiliateLink = (id: string, isActive: boolean) =>
  json<AffiliateLinkDto>('PATCH', `/api/affiliate/links/${encodeURIComponent(id)}`, { isActive });
export const postInfluencerTrial = () => json<InfluencerTrialResponse>('POST', '/api/affiliate/influencer-trial');
