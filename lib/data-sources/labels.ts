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

export type SourceStatus = 'active' | 'integration' | 'planned';

export function categoryName(id: string): string {
  return sourceCategories.find((category) => category.id === id)?.name ?? id;
}

/** active → Live, integration → Integration (its progress reads In Progress), planned → Planned. */
export const statusLabels: Record<SourceStatus, string> = { active: 'Live', integration: 'Integration', planned: 'Planned' };
export const integrationProgressLabel = 'In Progress';

export function statusLabel(status: string): string {
  return statusLabels[status as SourceStatus] ?? status;
}
