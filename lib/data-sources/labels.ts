// Display names of spec 001 §3 (source categories) and §4 (data source status); client-safe.

export const sourceCategories = [
  { id: 'regulatory', name: 'Regulatory & Compliance' },
  { id: 'corporate', name: 'Corporate Intelligence' },
  { id: 'innovation', name: 'Innovation & IP' },
  { id: 'communication', name: 'Executive Communication' },
  { id: 'surveys', name: 'Surveys & Research' },
  { id: 'infrastructure', name: 'Infrastructure & Services' },
  { id: 'investment', name: 'Investment & M&A' },
  { id: 'governance', name: 'Governance & Leadership' },
] as const;

export function categoryName(id: string): string {
  return sourceCategories.find((category) => category.id === id)?.name ?? id;
}

export const integrationProgressLabel = 'In Progress';

/**
 * A source's real state from its ingester's record (issue 12): "Live" only while its last successful
 * ingest is within its cadence; connected but older is "Stale"; an ingester that never succeeded is
 * "Not connected"; no ingester at all is "Planned".
 */
export type SourceState = 'fresh' | 'stale' | 'not-connected' | 'planned';
export const sourceStateLabels: Record<SourceState, string> = { fresh: 'Live', stale: 'Stale', 'not-connected': 'Not connected', planned: 'Planned' };
