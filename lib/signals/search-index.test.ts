import fs from 'node:fs';
import path from 'node:path';
import { recentSearchCutoffs, recentSearchIndexName, searchTextSql } from './search-index';

const day = 86_400_000;
const cutoffs = (at: string) => recentSearchCutoffs(new Date(at)).map((cutoff) => cutoff.toISOString());

it('starts the recent indexes at a weekly midnight before 31 and 91 days back', () => {
  expect(cutoffs('2026-11-28T05:00:00Z')).toEqual(['2026-10-22T00:00:00.000Z', '2026-08-27T00:00:00.000Z']);
  // Each moves on a week once its reach passes the next weekly midnight.
  expect(cutoffs('2026-11-28T23:59:59Z')).toEqual(['2026-10-22T00:00:00.000Z', '2026-08-27T00:00:00.000Z']);
  expect(cutoffs('2026-11-29T00:00:00Z')).toEqual(['2026-10-29T00:00:00.000Z', '2026-08-27T00:00:00.000Z']);
  expect(cutoffs('2026-12-03T00:00:00Z')).toEqual(['2026-10-29T00:00:00.000Z', '2026-09-03T00:00:00.000Z']);
});

it('holds a search’s 30- and 90-day windows whenever built, with at most a week more', () => {
  for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2028, 0, 1); at += 0.37 * day) {
    const [month, quarter] = recentSearchCutoffs(new Date(at)).map((cutoff) => cutoff.getTime());
    expect(at - 30 * day).toBeGreaterThanOrEqual(month!);
    expect(at - 90 * day).toBeGreaterThanOrEqual(quarter!);
    expect(at - month!).toBeLessThanOrEqual(38 * day);
    expect(at - quarter!).toBeLessThanOrEqual(98 * day);
  }
});

it('names an index after its cutoff', () => {
  expect(recentSearchIndexName(new Date('2026-10-22T00:00:00Z'))).toBe('Signal_search_recent_20261022');
});

it('searches the expression the migration indexes, which the planner matches only when repeated', () => {
  const migration = fs.readFileSync(path.join(__dirname, '../../prisma/migrations/postgresql/20261128060000_signal_search_text/migration.sql'), 'utf8');
  expect(migration).toContain(`USING gin ((${searchTextSql}) gin_trgm_ops)`);
});
