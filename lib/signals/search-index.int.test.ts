import { db } from '@/lib/db';
import { databaseProvider } from '@/lib/env';
import { resetDatabase } from '@/test/support/database';
import { dropRecentSearchIndexes } from '@/test/support/search-index';
import { candidatesQuery } from './repository';
import { maintainRecentSearchIndexes, recentSearchIndexes } from './search-index';

// PostgreSQL only: SQLite's FTS5 table needs no upkeep.
const day = 86_400_000;
const now = new Date('2026-11-28T12:00:00Z');
const onPostgres = databaseProvider() === 'postgresql' ? describe : describe.skip;

/** The plan of the search's candidate lookup for `q` in [from, to]. */
async function planOf(q: string, grams: string[], window: { from?: Date; to?: Date }) {
  const { sql, values } = candidatesQuery(q, grams.map((gram) => `%${gram}%`), window, {});
  const rows = await db.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${sql}`, ...values);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

onPostgres('the recent search index', () => {
  beforeAll(async () => {
    await resetDatabase();
    await dropRecentSearchIndexes();
    // 12,000 signals over 400 days, so that the two recent indexes differ in size; a rare name in one of a hundred.
    await db.signal.createMany({
      data: Array.from({ length: 12_000 }, (_, index) => {
        const name = index % 100 === 7 ? 'Quillmoor Treasury' : `Recent Co ${index % 40}`;
        return {
          sourceId: `recent-${index}`,
          companyName: name,
          description: `${name} filed an 8-K`,
          source: 'Test feed',
          detectedAt: new Date(now.getTime() - (index * 400 * day) / 12_000),
          confidence: 50,
          signalType: 'sec-filing',
          severity: 'low',
        };
      }),
    });
    await db.$executeRawUnsafe('ANALYZE "Signal"');
  }, 60_000);
  afterAll(() => dropRecentSearchIndexes());

  it('are built from a weekly midnight before 31 and 91 days back, kept, and replaced when it moves', async () => {
    expect(await maintainRecentSearchIndexes(db, now)).toBe('built Signal_search_recent_20261022, Signal_search_recent_20260827');
    expect(await maintainRecentSearchIndexes(db, now)).toBe('kept Signal_search_recent_20261022, Signal_search_recent_20260827');
    expect(await recentSearchIndexes(db)).toEqual([
      { name: 'Signal_search_recent_20260827', valid: true },
      { name: 'Signal_search_recent_20261022', valid: true },
    ]);
    const later = new Date(now.getTime() + 31 * day);
    expect(await maintainRecentSearchIndexes(db, later)).toBe(
      'built Signal_search_recent_20261126, Signal_search_recent_20260924; dropped Signal_search_recent_20260827, Signal_search_recent_20261022',
    );
    expect((await recentSearchIndexes(db)).map(({ name }) => name)).toEqual(['Signal_search_recent_20260924', 'Signal_search_recent_20261126']);
    await maintainRecentSearchIndexes(db, now);
  });

  it('rebuilds one that an interrupted build left invalid', async () => {
    await maintainRecentSearchIndexes(db, now);
    // What a CREATE INDEX CONCURRENTLY cancelled half-way leaves behind.
    await db.$executeRawUnsafe(`UPDATE pg_index SET indisvalid = false WHERE indexrelid = '"Signal_search_recent_20261022"'::regclass`);
    expect(await recentSearchIndexes(db)).toContainEqual({ name: 'Signal_search_recent_20261022', valid: false });
    expect(await maintainRecentSearchIndexes(db, now)).toBe('built Signal_search_recent_20261022; kept Signal_search_recent_20260827');
    expect(await recentSearchIndexes(db)).toContainEqual({ name: 'Signal_search_recent_20261022', valid: true });
  });

  it('serves each window from the smallest index that holds it, and no window older than both', async () => {
    await maintainRecentSearchIndexes(db, now);
    const plan = (days: number) => planOf('Quillmoor', ['qui', 'moo'], { from: new Date(now.getTime() - days * day) });
    expect(await plan(30)).toContain('Signal_search_recent_20261022');
    expect(await plan(90)).toContain('Signal_search_recent_20260827');
    // No recent index holds a year: its predicate does not follow from the window's.
    expect(await plan(365)).not.toContain('Signal_search_recent_');
  });
});
