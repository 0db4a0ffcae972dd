import type { HealthDistribution } from '@/lib/dashboard/repository';

export interface HealthSlice {
  key: string;
  label: string;
  value: number;
  color: string;
}

const buckets = [
  { key: 'A-B', label: 'Grades A-B', color: '#10b981' },
  { key: 'C-D', label: 'Grades C-D', color: '#f59e0b' },
  { key: 'E-F', label: 'Grades E-F', color: '#ef4444' },
] as const;

export function healthSlices(distribution: HealthDistribution): HealthSlice[] {
  const values = distribution as Record<string, number>;
  return buckets.map((bucket) => ({ ...bucket, value: values[bucket.key] ?? 0 }));
}
