import { getJson } from '../http/api-client';
import type { CompanyView, getHealthDistribution, getSectorAllocation, getTreasuryTrends, listDiscoveries } from '../treasury/repository';

// Browser side of the Analytics tabs (spec 001 §7): the shapes of the endpoints they read, their
// react-query keys (the API path first, like every key the default queryFn could fetch) and fetchers.

export type HealthDistribution = Awaited<ReturnType<typeof getHealthDistribution>>;
export type SectorShare = Awaited<ReturnType<typeof getSectorAllocation>>[number];
export type TrendPoint = Awaited<ReturnType<typeof getTreasuryTrends>>[number];
export type DiscoveryRow = Awaited<ReturnType<typeof listDiscoveries>>[number];
export type HoldingRow = CompanyView;

const paths = {
  healthDistribution: '/api/analytics/health-distribution',
  sectorAllocation: '/api/analytics/sector-allocation',
  treasuryTrends: '/api/analytics/treasury-trends',
  discoveries: '/api/discoveries?limit=200',
  holdings: '/api/treasury/holdings?limit=1000',
} as const;

export const analyticsKeys = {
  healthDistribution: [paths.healthDistribution],
  sectorAllocation: [paths.sectorAllocation],
  treasuryTrends: [paths.treasuryTrends],
  discoveries: [paths.discoveries],
  holdings: [paths.holdings],
} as const;

const fetchJson = <T>(path: string) => async () => (await getJson<T>(path))!;

export const fetchHealthDistribution = fetchJson<HealthDistribution>(paths.healthDistribution);
export const fetchSectorAllocation = fetchJson<SectorShare[]>(paths.sectorAllocation);
export const fetchTreasuryTrends = fetchJson<TrendPoint[]>(paths.treasuryTrends);
export const fetchDiscoveries = fetchJson<DiscoveryRow[]>(paths.discoveries);
export const fetchHoldings = fetchJson<HoldingRow[]>(paths.holdings);

/** The report download (GET /api/analytics/export): a PDF summary or every company's metrics as CSV. */
export const analyticsExportUrl = (format: 'pdf' | 'csv') => `/api/analytics/export?format=${format}`;
