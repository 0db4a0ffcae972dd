import type { CompanyView } from '@/lib/treasury/repository';

// Shapes of the analytics endpoints the Analytics tabs read (spec 001 §7).

export type HealthDistribution = Record<'A-B' | 'C-D' | 'E-F', number>;
export interface SectorShare {
  sector: string;
  percentage: number;
  count: number;
}
export interface TrendPoint {
  date: string;
  totalBtc: number;
  totalValueUsd: number | null;
  companies: number;
}
export interface DiscoveryRow {
  id: string;
  companyName: string;
  ticker: string | null;
  status: string;
  type: string;
  priority: string;
  description: string;
  source: string;
  sourceUrl: string | null;
  detectedAt: string;
}
export type HoldingRow = CompanyView;
