// How the signal list shows a signal (spec 001 §3 Signal): the company is the description's first
// word, and the source's colour follows the kind of source it names.

export const unknownCompany = 'Unknown Company';

export function displayCompanyName(signal: { description: string | null | undefined }): string {
  const first = signal.description?.trim().split(/\s+/)[0];
  return first ? first : unknownCompany;
}

export type SourceKind = 'sec' | 'social' | 'market' | 'news' | 'other';

export function sourceKind(source: string): SourceKind {
  if (source.includes('SEC')) return 'sec';
  if (source.includes('Social')) return 'social';
  if (source.includes('Market')) return 'market';
  if (source.includes('News')) return 'news';
  return 'other';
}

const sourceColors: Record<SourceKind, string> = {
  sec: 'text-blue-600 dark:text-blue-400',
  social: 'text-purple-600 dark:text-purple-400',
  market: 'text-green-700 dark:text-green-400',
  news: 'text-orange-700 dark:text-orange-400',
  other: 'text-muted-foreground',
};

export function sourceColorClass(source: string): string {
  return sourceColors[sourceKind(source)];
}

const severityColors: Record<string, string> = {
  critical: 'border-red-500/40 bg-red-500/10 text-red-700 dark:text-red-400',
  high: 'border-orange-500/40 bg-orange-500/10 text-orange-700 dark:text-orange-400',
  medium: 'border-yellow-500/40 bg-yellow-500/10 text-yellow-700 dark:text-yellow-400',
  low: 'border-blue-500/40 bg-blue-500/10 text-blue-700 dark:text-blue-400',
};

export function severityColorClass(severity: string): string {
  return severityColors[severity] ?? 'text-muted-foreground';
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** "sec-filing" -> "SEC Filing", "pre-pump" -> "Pre-Pump". */
export function signalTypeLabel(type: string): string {
  const labels: Record<string, string> = {
    'sec-filing': 'SEC Filing',
    'insider-trading': 'Insider Trading',
    'pre-pump': 'Pre-Pump',
    'board-meeting': 'Board Meeting',
    other: 'Other',
  };
  return labels[type] ?? type;
}

