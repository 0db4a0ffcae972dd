import type { Db } from '../db';
import { databaseProvider } from '../env';
import type { Job } from '../jobs/job';

// PostgreSQL's trigram indexes for the signal search (SQLite has its FTS5 table instead). The planner
// never intersects a trigram index with the date index: it estimates a substring's matches at about
// one row. A search's newest window would then read every signal that holds the term, over all the
// years, to keep the last 30 days' few (docs/performance.md, bench:scale). Partial indexes hold only the
// recent signals: a window within one reads only the matches since its start.

/**
 * The text a search term is looked for in: description, company name and source, lower case, one line
 * each. Migration 20261128060000_signal_search_text indexes exactly this expression, and the planner
 * only uses an index whose expression the query repeats. `lower(…) LIKE lower(pattern)` is what
 * PostgreSQL's ILIKE does for UTF-8 text, so every signal a column's ILIKE finds is found here too;
 * a term spanning two fields finds a row no field holds, which listSignals' own filter drops.
 */
export const searchTextSql = `lower("description" || E'\\n' || "companyName" || E'\\n' || "source")`;

const day = 86_400_000;
const recentIndexPrefix = 'Signal_search_recent_';

/**
 * The windows a term's matches are looked for in first (repository.ts), in days before the page's
 * start: the first two lie within the recent indexes.
 */
export const searchWindowsDays = [30, 90, 365] as const;

/**
 * How far back the recent indexes reach, at least: a day past the start of the first two windows. The
 * planner reads a window from the smallest index that holds it, which also returns the matches between
 * the index's start and the window's; so each window has an index of about its own size, and the
 * cutoffs move on every week.
 */
const recentIndexReachDays = searchWindowsDays.slice(0, 2).map((days) => days + 1);
const week = 7 * day;

/**
 * Where each recent index starts: the last midnight (UTC) a whole number of weeks since the epoch
 * before its reach. A window that starts within an index when it is built does so ever after, as
 * windows move forward with time. The job runs daily and builds a new index once its cutoff has moved:
 * an index holds its reach plus up to a week, and more only while the job does not run.
 */
export function recentSearchCutoffs(now: Date): Date[] {
  return recentIndexReachDays.map((days) => new Date(Math.floor((now.getTime() - days * day) / week) * week));
}

export function recentSearchIndexName(cutoff: Date): string {
  return `${recentIndexPrefix}${cutoff.toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** The recent indexes on Signal, oldest first, each with whether it is valid (a build that was interrupted is not). */
export function recentSearchIndexes(db: Db) {
  return db.$queryRawUnsafe<{ name: string; valid: boolean }[]>(
    `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
      WHERE t.relname = 'Signal' AND t.relnamespace = current_schema()::regnamespace AND starts_with(c.relname, $1) ORDER BY c.relname`,
    recentIndexPrefix,
  );
}

/**
 * Builds the recent indexes for `now`'s cutoffs unless they exist, then drops the others (and any
 * build left invalid by an interrupted run). Concurrently, so searches and new signals go on
 * meanwhile; a search planned before a new index is valid uses a larger one.
 */
export async function maintainRecentSearchIndexes(db: Db, now = new Date()): Promise<string> {
  const existing = await recentSearchIndexes(db);
  const drop = (name: string) => db.$executeRawUnsafe(`DROP INDEX CONCURRENTLY IF EXISTS "${name.replaceAll('"', '""')}"`);
  const cutoffs = recentSearchCutoffs(now);
  const wanted = cutoffs.map(recentSearchIndexName);
  const built: string[] = [];
  for (const [index, cutoff] of cutoffs.entries()) {
    const name = wanted[index]!;
    if (existing.some((other) => other.name === name && other.valid)) continue;
    // An invalid index of that name is a build that was interrupted: it is rebuilt.
    if (existing.some((other) => other.name === name)) await drop(name);
    await db.$executeRawUnsafe(
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS "${name}" ON "Signal" USING gin ((${searchTextSql}) gin_trgm_ops) WHERE "detectedAt" >= '${cutoff.toISOString().slice(0, 10)}'::timestamp`,
    );
    built.push(name);
  }
  // Only once the new ones serve: a window is never left without a recent index.
  const dropped = existing.map(({ name }) => name).filter((name) => !wanted.includes(name));
  for (const name of dropped) await drop(name);
  const kept = wanted.filter((name) => !built.includes(name));
  return [built.length && `built ${built.join(', ')}`, kept.length && `kept ${kept.join(', ')}`, dropped.length && `dropped ${dropped.join(', ')}`].filter(Boolean).join('; ');
}

/** Keeps the recent search indexes current (lib/background/jobs.ts); nothing to do on SQLite. */
export const searchIndexJob: Job = {
  name: 'signal-search-index',
  everyMs: day,
  run: (db) => (databaseProvider() === 'postgresql' ? maintainRecentSearchIndexes(db) : Promise.resolve('SQLite: the FTS5 table needs no upkeep')),
};
