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
 * A source's real state from its ingester's record (issues 12 and 27, lib/data-sources/state.ts): "Live"
 * while its last successful ingest is within its cadence; connected but older is "Stale"; an ingester
 * that never succeeded is "Not connected"; no ingester at all is "Planned".
 */
export type SourceState = 'live' | 'stale' | 'not-connected' | 'planned';
export const sourceStateLabels: Record<SourceState, string> = { live: 'Live', stale: 'Stale', 'not-connected': 'Not connected', planned: 'Planned' };
/** Badge colours of the four states, shared by every screen that shows one. */
export const sourceStateVariants = { live: 'success', stale: 'warning', 'not-connected': 'destructive', planned: 'outline' } as const satisfies Record<SourceState, string>;
