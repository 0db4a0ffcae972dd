import type { SlugIndex, SlugResolution } from './slugs';
import { isoDay, dayMs } from '../dates';

// The comparison page, /compare?tickers=A,B[,C,D] (issue 26): which companies the query names, and
// series indexed to 100 on a start date every one of them has data for.

export const compareWindows = ['30', '90', '365', 'all'] as const;
export type CompareWindow = (typeof compareWindows)[number];
export const maxCompared = 4;

interface CompareProblem {
  slug: string;
  message: string;
  /** For an ambiguous ticker: the slugs it could mean. */
  candidates?: string[];
}

export interface CompareSelection {
  /** Companies found, in the order asked, at most four: id and canonical slug. */
  companies: { id: string; slug: string }[];
  problems: CompareProblem[];
  window: CompareWindow;
}

function problemOf(slug: string, resolution: Exclude<SlugResolution, { kind: 'company' }>): CompareProblem {
  if (resolution.kind === 'ambiguous') {
    const candidates = resolution.candidates.map((candidate) => candidate.slug);
    return { slug, message: `${slug} names more than one company: choose ${candidates.join(' or ')}.`, candidates };
  }
  return { slug, message: `${slug}: no tracked company has this ticker.` };
}

/** `tickers` (comma-separated, plus an `add` from the picker) and `window`, read leniently: every problem is said, none throws. */
export function readCompareQuery(query: { tickers?: string | string[]; add?: string | string[]; window?: string | string[] }, index: SlugIndex): CompareSelection {
  const list = (value: string | string[] | undefined) => (Array.isArray(value) ? value : value ? [value] : []).flatMap((part) => part.split(','));
  const asked = [...list(query.tickers), ...list(query.add)].map((slug) => slug.trim()).filter(Boolean);
  const companies: CompareSelection['companies'] = [];
  const problems: CompareProblem[] = [];
  for (const slug of asked.slice(0, 16)) {
    const resolution = index.resolve(slug);
    if (resolution.kind !== 'company') problems.push(problemOf(slug, resolution));
    else if (!companies.some((company) => company.id === resolution.id)) companies.push({ id: resolution.id, slug: resolution.slug });
  }
  if (companies.length > maxCompared) problems.push({ slug: '', message: `At most ${maxCompared} companies side by side: ${companies.slice(maxCompared).map((company) => company.slug).join(', ')} left out.` });
  const window = Array.isArray(query.window) ? query.window[0] : query.window;
  return { companies: companies.slice(0, maxCompared), problems, window: compareWindows.includes(window as CompareWindow) ? (window as CompareWindow) : '365' };
}

export interface DatedValue {
  date: string;
  value: number;
}


/**
 * Series indexed to 100 on their common start: the later of the window's first day and the first date
 * every series has a value on or before. The window ends at the newest value of any series (stored
 * data, not the clock, bounds it). Each date carries every series' latest value on or before it.
 */
export function indexToCommonStart(series: Record<string, readonly DatedValue[]>, window: CompareWindow) {
  const entries = Object.entries(series).filter(([, points]) => points.length > 0);
  if (entries.length === 0) return { start: null, rows: [] as Record<string, number | string | null>[] };
  const end = entries.map(([, points]) => points.at(-1)!.date).reduce((latest, date) => (date > latest ? date : latest));
  const windowStart = window === 'all' ? '' : isoDay(new Date(Date.parse(`${end}T00:00:00Z`) - Number(window) * dayMs));
  const start = entries.map(([, points]) => points[0]!.date).reduce((latest, date) => (date > latest ? date : latest), windowStart);
  const dates = [...new Set(entries.flatMap(([, points]) => points.map((point) => point.date).filter((date) => date >= start)))].sort();
  if (!dates.includes(start)) dates.unshift(start);
  const cursors = entries.map(([key, points]) => ({ key, points, at: -1, base: null as number | null }));
  const rows = dates.map((date) => {
    const row: Record<string, number | string | null> = { date };
    for (const cursor of cursors) {
      while (cursor.at + 1 < cursor.points.length && cursor.points[cursor.at + 1]!.date <= date) cursor.at += 1;
      const value = cursor.at >= 0 ? cursor.points[cursor.at]!.value : null;
      if (date === start) cursor.base = value;
      row[cursor.key] = value !== null && cursor.base ? Math.round((value / cursor.base) * 1000) / 10 : null;
    }
    return row;
  });
  return { start, rows };
}
