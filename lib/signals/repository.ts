import type { Db } from '../db';
import { databaseProvider } from '../env';
import { isStorableDate } from '../validation/fields';
import { signalTypes } from './schema';
import { searchTextSql, searchWindowsDays } from './search-index';

// Reads of the signals domain (spec 001 §5): a signal as the API gives it, and the keyset-paged
// search behind GET /api/signals and /api/v1/signals.

/** A signal counts as active for 30 days after it was detected. */
export const activeSignalDays = 30;

type SignalRow = Awaited<ReturnType<Db['signal']['findMany']>>[number];

/** The company fields a signal carries to show its company's flag (issue 12). */
const signalCompanyFlag = { select: { flagged: true, flagReason: true, flagCheck: true, holdingsConfirmed: true } } as const;
type CompanyFlagRow = { flagged: boolean; flagReason: string | null; flagCheck: string | null; holdingsConfirmed: boolean };

export function signalView(signal: SignalRow & { company?: CompanyFlagRow | null }) {
  const flag = signal.company && (signal.company.flagged || !signal.company.holdingsConfirmed) ? signal.company : null;
  return {
    id: signal.id,
    companyId: signal.companyId,
    companyName: signal.companyName,
    description: signal.description,
    source: signal.source,
    detectedAt: signal.detectedAt.toISOString(),
    confidence: signal.confidence,
    signalType: signal.signalType,
    severity: signal.severity,
    metadata: { filingUrl: signal.filingUrl, currentPrice: signal.currentPrice, formType: signal.formType, filedAt: signal.filedAt?.toISOString() ?? null },
    /** The company's flag when it is flagged or unconfirmed; null otherwise or when not loaded. */
    companyFlag: flag
      ? { flagged: flag.flagged, flagReason: flag.flagReason, flagCheck: flag.flagCheck, holdingsConfirmed: flag.holdingsConfirmed }
      : null,
  };
}

export interface SignalQuery {
  severity?: string;
  type?: string;
  q?: string;
  since?: Date;
  cursor?: { detectedAt: Date; id: string };
  limit: number;
}

function encodeCursor(signal: { detectedAt: Date; id: string }): string {
  return Buffer.from(`${signal.detectedAt.toISOString()}|${signal.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { detectedAt: Date; id: string } | null {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const detectedAt = new Date(iso ?? '');
  // A forged cursor must not reach the query: PostgreSQL refuses a NUL or an out-of-range date.
  const valid = id && id.length <= 64 && !id.includes('\u0000') && !Number.isNaN(detectedAt.getTime()) && isStorableDate(detectedAt);
  return valid ? { detectedAt, id } : null;
}

/** The most candidates one lookup returns: a window cut there leaves its page to the planner's own plan. */
const searchCandidateCap = 2_000;
/**
 * On SQLite the candidates become bound parameters of `id IN (…)`, and Prisma refuses a query with
 * more than 999 of them (P2029): more candidates than this and the date index is walked instead.
 */
const sqliteCandidateCap = 900;

const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The trigrams to look a term up by. Every signal containing the term contains each of its
 * trigrams, so any few of them find a superset of the matches: the first trigram of each of the
 * longest four words (words are less correlated than neighbouring trigrams), or for a single word its
 * first, middle and last.
 */
export function searchTrigrams(term: string): string[] {
  const lower = term.toLowerCase();
  const words = lower.split(/\s+/).filter((word) => [...word].length >= 3);
  if (words.length >= 2) {
    const longest = [...words].sort((a, b) => [...b].length - [...a].length).slice(0, 4);
    return [...new Set(longest.map((word) => trigramsOf(word)[0]!))];
  }
  const grams = trigramsOf(words[0] ?? lower);
  return [...new Set([grams[0], grams[grams.length >> 1], grams.at(-1)].filter((gram): gram is string => gram !== undefined))];
}

export function trigramsOf(text: string): string[] {
  const chars = [...text];
  return [...new Set(chars.slice(0, Math.max(0, chars.length - 2)).map((_, index) => chars.slice(index, index + 3).join('')))];
}

/**
 * SQLite: the ids of the signals that may contain `term`, from the FTS5 trigram index of migration
 * signal_search_fts (a rare term's few candidates instead of a scan of every signal), or null when it
 * cannot narrow the search because the term is so common that walking the date index fills a page
 * sooner. Only a prefilter: listSignals still applies its own LIKE, so results are the same.
 */
async function sqliteCandidates(db: Db, term: string): Promise<string[] | null> {
  // The index folds case beyond ASCII differently from LIKE: such a term is matched as a whole phrase.
  const match = /^[\x00-\x7f]*$/.test(term) ? searchTrigrams(term).map(ftsPhrase).join(' AND ') : ftsPhrase(term);
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    'SELECT s."id" AS id FROM "SignalSearch" JOIN "Signal" s ON s.rowid = "SignalSearch".rowid WHERE "SignalSearch" MATCH ? LIMIT ?',
    match,
    sqliteCandidateCap + 1,
  );
  return rows.length > sqliteCandidateCap ? null : rows.map((row) => row.id);
}

/**
 * How long the planner's own plan may run for a page of 20 before the term counts as rare
 * (PostgreSQL); a longer page reads proportionally more rows, and has proportionally longer, up to
 * four times as long: a walk that runs out of time has held its connection all that while.
 */
const postgresQuickMs = 15;
const quickMsFor = (limit: number) => Math.round(postgresQuickMs * Math.min(4, Math.max(1, limit / 20)));
/**
 * The walk's plan costs a row read out of table order as about one read in order, as on storage
 * without seeks: with the default four, a common term on critical signals only walked the date index
 * over signals of every severity (in table order) rather than the critical ones' own index (out of
 * order), a hundred times as many rows, and ran out of its time (docs/performance.md, bench:scale).
 */
const walkPlanning = { random_page_cost: '1.1' } as const;
/** `text` for LIKE on PostgreSQL, whose escape character is a backslash: `%`, `_` and `\` stand for themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
const likeLiteral = (text: string) => `%${escapeLike(text)}%`;
/** SQLite's LIKE folds ASCII letters only, and has no escape character unless a query names one. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (char) => char.toLowerCase());

type Transaction = Parameters<Parameters<Db['$transaction']>[0]>[0];

/**
 * Prisma's transaction API failed (P2028): none could start in time, every connection busy. Elsewhere
 * that answers 503 (lib/http/unavailable.ts); a search only loses the walk its transaction carried.
 */
const transactionUnavailable = (error: unknown) => (error as { code?: unknown } | null)?.code === 'P2028';

/** The planner and executor settings a search sets for one transaction (names and values are this file's constants). */
type LocalSettings = Readonly<Partial<Record<'statement_timeout' | 'random_page_cost', string>>>;

/** `work` in a transaction under `settings`, set locally: they last until the transaction ends. */
function withLocalSettings<T>(db: Db, settings: LocalSettings, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    for (const [name, value] of Object.entries(settings)) await tx.$executeRawUnsafe(`SET LOCAL ${name} = ${value}`);
    return work(tx);
  });
}

/** Runs `work` with a statement timeout (and `settings`); null when it ran out of time, or when no transaction could start. */
async function withStatementTimeout<T>(db: Db, ms: number, work: (tx: Transaction) => Promise<T>, settings: Omit<LocalSettings, 'statement_timeout'> = {}): Promise<T | null> {
  try {
    return await withLocalSettings(db, { ...settings, statement_timeout: String(ms) }, work);
  } catch (error) {
    if (transactionUnavailable(error) || /statement timeout|canceling statement|57014/i.test(error instanceof Error ? error.message : String(error))) return null;
    throw error;
  }
}

/** Signals read to estimate how common each trigram is, and how long that estimate serves. */
const trigramSampleRows = 5_000;
const trigramSampleTtlMs = 10 * 60_000;
const trigramSampleRetryMs = 60_000;

interface TrigramSample {
  /** In how many sampled signals each trigram occurs (description, company name and source together). */
  counts: Map<string, number>;
  /** The sampled signals' text, lower case: how often a whole term occurs, where its trigrams mislead. */
  texts: string[];
  sampled: number;
  /** The planner's estimate of the table's rows. */
  rows: number;
}

const globalForSearch = globalThis as typeof globalThis & { __signalTrigramSample?: { at: number; sample: Promise<TrigramSample>; refreshing?: boolean } };

/**
 * PostgreSQL: trigram counts in about 5,000 sampled signals, refreshed every 10 minutes. They only
 * steer how a search looks its matches up, never what it finds. Only the first search (or
 * warmSignalSearch at start) waits for a sample; an old one keeps serving while its successor is read.
 */
function trigramSample(db: Db): Promise<TrigramSample> {
  const cached = globalForSearch.__signalTrigramSample;
  if (!cached) {
    const sample = readTrigramSample(db);
    globalForSearch.__signalTrigramSample = { at: Date.now(), sample };
    sample.catch(() => (globalForSearch.__signalTrigramSample = undefined));
    return sample;
  }
  if (Date.now() - cached.at >= trigramSampleTtlMs && !cached.refreshing) {
    cached.refreshing = true;
    readTrigramSample(db).then(
      (sample) => (globalForSearch.__signalTrigramSample = { at: Date.now(), sample: Promise.resolve(sample) }),
      (error: unknown) => {
        // The old sample keeps serving; another read in a minute, not on every search meanwhile.
        console.error('[search] trigram sample not refreshed:', error instanceof Error ? error.message : error);
        cached.at = Date.now() - trigramSampleTtlMs + trigramSampleRetryMs;
        cached.refreshing = false;
      },
    );
  }
  return cached.sample;
}

/** Sampled texts counted between turns of the event loop, so that counting them all does not hold it. */
const countedPerTurn = 500;

async function readTrigramSample(db: Db): Promise<TrigramSample> {
  const [table] = await db.$queryRawUnsafe<{ rows: number }[]>(`SELECT reltuples::float8 AS rows FROM pg_class WHERE relname = 'Signal'`);
  const rows = Math.max(0, table?.rows ?? 0);
  const percent = Math.min(100, (100 * trigramSampleRows) / Math.max(1, rows));
  const texts = await db.$queryRawUnsafe<{ text: string }[]>(
    `SELECT ${searchTextSql} AS text FROM "Signal" TABLESAMPLE SYSTEM (${percent}) LIMIT ${4 * trigramSampleRows}`,
  );
  const counts = new Map<string, number>();
  for (let index = 0; index < texts.length; index += 1) {
    if (index > 0 && index % countedPerTurn === 0) await new Promise((resolve) => setImmediate(resolve));
    for (const gram of trigramsOf(texts[index]!.text)) counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return { counts, texts: texts.map(({ text }) => text), sampled: texts.length, rows: Math.max(rows, texts.length) };
}

/** Reads the search's trigram sample ahead of the first search (PostgreSQL; nothing to read on SQLite). */
export async function warmSignalSearch(db: Db): Promise<void> {
  if (databaseProvider() === 'postgresql') await trigramSample(db);
}

/**
 * About how many signals hold the term: no more than hold its rarest trigram, and, where that is many,
 * as many as the sampled text says hold the whole term ("Synthetic Co 0751" has no rare trigram, as
 * "075" and "751" stand in other numbers too, but is rare). Counted only as far as it matters: past
 * `enough` matches the term is common either way.
 */
function estimatedMatches(term: string, grams: readonly string[], sample: TrigramSample, enough: number): number {
  if (!sample.sampled) return 0;
  const rarest = Math.min(...grams.map((gram) => sample.counts.get(gram) ?? 0));
  const scale = sample.rows / sample.sampled;
  if (rarest * scale <= windowedCandidatesFrom) return rarest * scale;
  const lower = term.toLowerCase();
  const sampledEnough = Math.floor(enough / scale) + 1;
  let holding = 0;
  for (let index = 0; index < sample.texts.length && holding < sampledEnough; index += 1) if (sample.texts[index]!.includes(lower)) holding += 1;
  return Math.min(rarest, holding) * scale;
}

/**
 * How many posting-list entries a trigram index scan reads in the time it reads one candidate's row
 * from the table to check the whole term (measured: docs/performance.md, bench:scale).
 */
const postingEntriesPerRowRead = 1_000;

/**
 * At most three trigrams of `term` to look it up by, least common in `counts` (occurrences among
 * `sampled` signals) first: of letters and digits only, which the trigram index holds as they are; from
 * different words first when the term has several (the trigrams of one word come together: "dus",
 * "ust" and "tri" find every "Industries"). A further trigram is taken when the rows it spares reading
 * outweigh its posting list: for "Synthetic Co 1001", "001" leaves a small part of what "100" finds
 * and is read in a fraction of the time, while "syn", in every "Synthetic Co" signal, narrows nothing
 * and reads the longest list there is. Falls back to searchTrigrams when no such trigram exists.
 */
export function rarestTrigrams(term: string, counts: ReadonlyMap<string, number>, sampled: number): string[] {
  const count = (gram: string) => counts.get(gram) ?? 0;
  const byCount = (a: string, b: string) => count(a) - count(b);
  const words = term.toLowerCase().split(/\s+/).filter((word) => [...word].length >= 3);
  const perWord = words.map((word) => trigramsOf(word).filter((gram) => /^[\p{L}\p{N}]{3}$/u.test(gram)).sort(byCount)).filter((grams) => grams.length > 0);
  if (perWord.length === 0) return searchTrigrams(term);
  // Each word's rarest first, then the other trigrams of the rarest words.
  const ordered = [...new Set([...perWord.map((grams) => grams[0]!).sort(byCount), ...perWord.flatMap((grams) => grams.slice(1)).sort(byCount)])];
  const chosen = [ordered[0]!];
  // The sampled signals the chosen trigrams find together, as if they occurred independently.
  let candidates = Math.max(1, count(ordered[0]!));
  for (const gram of ordered.slice(1)) {
    if (chosen.length === 3) break;
    const share = Math.min(1, count(gram) / Math.max(1, sampled));
    if (count(gram) >= postingEntriesPerRowRead * candidates * (1 - share)) continue;
    chosen.push(gram);
    candidates = Math.max(1, candidates * share);
  }
  return chosen;
}

/**
 * PostgreSQL: the ids of the signals detected in [from, to] that contain the term and pass the page's
 * severity, type and since filters, newest first,
 * from the trigram GIN index of migration signal_search_text, or for a window of the last weeks the
 * recent one (search-index.ts), which holds only that window's matches (`patterns`: the term's rarest
 * trigrams). A LIKE on the whole term makes GIN read the posting list of every trigram in it, common ones included
 * (tens of milliseconds at a million rows); three rare trigrams read far less. At most
 * `searchCandidateCap` of them: `truncated` says that older candidates in the window were left out.
 */
async function postgresCandidates(db: Db, term: string, patterns: readonly string[], window: { from?: Date; to?: Date }, filters: Pick<SignalQuery, 'severity' | 'type' | 'since'>): Promise<{ ids: string[]; truncated: boolean }> {
  const { sql, values } = candidatesQuery(term, patterns, window, filters);
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(sql, ...values);
  return { ids: rows.slice(0, searchCandidateCap).map((row) => row.id), truncated: rows.length > searchCandidateCap };
}

/** postgresCandidates' query. */
export function candidatesQuery(term: string, patterns: readonly string[], window: { from?: Date; to?: Date }, filters: Pick<SignalQuery, 'severity' | 'type' | 'since'>) {
  // The whole term is checked on the rows the trigrams find, not looked up in the index (`|| ''` is no
  // indexed expression): the candidates are then the matches themselves, and a rare term whose
  // trigrams are common is not cut at the cap among thousands of near misses.
  const values: unknown[] = [...patterns, likeLiteral(term)];
  const parameter = (value: unknown) => `$${values.push(value)}`;
  // The page's own filters narrow the candidates too: a common term on critical signals only is then
  // a few hundred candidates in a window, not thousands among which the critical ones are too few.
  const from = filters.since && (!window.from || filters.since > window.from) ? filters.since : window.from;
  const conditions = [
    ...patterns.map((_, index) => `${searchTextSql} LIKE lower($${index + 1})`),
    `(${searchTextSql} || '') LIKE lower($${patterns.length + 1})`,
    ...(from ? [`"detectedAt" >= ${parameter(from)}`] : []),
    ...(window.to ? [`"detectedAt" <= ${parameter(window.to)}`] : []),
    ...(filters.severity ? [`"severity" = ${parameter(filters.severity)}`] : []),
    ...(filters.type ? [`"signalType" = ${parameter(filters.type)}`] : []),
  ];
  // Ordered and cut outside the subquery (OFFSET 0 keeps the planner from merging them): asked for
  // the newest 2,001 of a window, the planner guesses how many rows the trigrams find, often ten times
  // too many, and walks the date index through the whole window to stop early instead of reading
  // the few rows the trigrams point to (docs/performance.md). Asked for all of them, it reads the
  // trigrams' bitmap, and needs no transaction to be told so.
  const sql = `SELECT "id" FROM (SELECT "id", "detectedAt" FROM "Signal" WHERE ${conditions.join(' AND ')} OFFSET 0) AS matches ORDER BY "detectedAt" DESC, "id" DESC LIMIT ${searchCandidateCap + 1}`;
  return { sql, values };
}

/**
 * Estimated matches above which a term's candidates are read window by window. All of them at once
 * visit a table row for each match, and a row not in PostgreSQL's buffers costs tens of microseconds
 * (docs/performance.md, bench:scale), while a window within the recent index reads only its own
 * matches. A term seen at all in a large table's sample is read by windows.
 */
const windowedCandidatesFrom = 150;

/** Rows the planner's walk of the date index may read to fill a page before the candidates are cheaper. */
const dateWalkRows = 2_000;

export type SearchPlan = 'candidates' | 'windows' | 'walk';

/**
 * How a term's page is looked up on PostgreSQL, from about how many of `rows` signals hold it:
 * `candidates`, all its matches at once (few); `windows`, the matches of the newest windows first (a
 * window's dates narrow the rows read); `walk`, the planner's walk of the date index from the newest
 * signal, which finds a page within `dateWalkRows` rows when matches are that dense (spread evenly).
 * A company named in a few thousand of a million signals is too rare for that within the walk's
 * quick timeout, so it reads its windows at once instead of after the timeout. A longer page walks from
 * the same density as a page of 20: its walk has proportionally longer (quickMsFor), while a window's
 * lookup reads the row of every match of a common term since the start of the index that holds the
 * window (docs/performance.md, bench:scale).
 */
export function searchPlan(estimate: number, rows: number, limit: number): SearchPlan {
  if (estimate <= windowedCandidatesFrom) return 'candidates';
  return estimate < dateWalkEstimate(rows, limit) ? 'windows' : 'walk';
}

/**
 * The estimated matches from which the date index's walk fills a page within `dateWalkRows` rows: a
 * page of 20, or a longer one within its proportionally longer time.
 */
function dateWalkEstimate(rows: number, limit: number): number {
  return ((Math.min(limit, 20) + 1) * rows) / dateWalkRows;
}

/**
 * A rare term's page on PostgreSQL, from the candidates of its rarest trigrams. A term that matches
 * thousands of signals over the years would fetch every one of them to find the newest few, so the
 * last 30 days are tried first, then 90, then the last year, then all: the first window whose matches fill the
 * page (with its look-ahead row) holds the newest ones. A window whose candidates were cut at the cap
 * without filling the page leaves the answer to the planner's own plan.
 */
async function postgresSearch<Row>(db: Db, term: string, grams: readonly string[], windowsDays: readonly number[], query: SignalQuery, find: (candidates: string[] | null) => Promise<Row[]>): Promise<Row[]> {
  const patterns = grams.map(likeLiteral);
  const to = query.cursor?.detectedAt;
  const anchor = (to ?? new Date()).getTime();
  let rows: Row[] = [];
  for (const days of [...windowsDays, null]) {
    const from = days === null ? undefined : new Date(anchor - days * 86_400_000);
    // A window reaching back past the page's `since` holds every match there is: no wider one follows.
    const last = from === undefined || (query.since !== undefined && from <= query.since);
    const candidates = await postgresCandidates(db, term, patterns, { from, to }, query);
    // Too few to fill the page: the next window holds these too.
    if (!last && !candidates.truncated && candidates.ids.length <= query.limit) continue;
    rows = await newestOf(candidates.ids, query.limit, find);
    if (rows.length > query.limit) return rows;
    if (candidates.truncated) return find(null);
    if (last) return rows;
  }
  return rows;
}

/** The candidates' newest page: read the newest first, in growing slices, until a page is full. */
const firstCandidateSlice = 100;

/**
 * `find` over `ids` (the window's candidates, newest first, as `find` orders its rows), a slice at a
 * time: a term on 1,500 signals needs the newest few, not a query binding all 1,500 ids. Slices keep
 * the order, so their rows concatenated are the rows of one query over all of them.
 */
async function newestOf<Row>(ids: readonly string[], limit: number, find: (candidates: string[]) => Promise<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let start = 0, size = Math.max(firstCandidateSlice, 2 * (limit + 1)); ; start += size, size *= 4) {
    rows.push(...(await find(ids.slice(start, start + size))));
    if (rows.length > limit || start + size >= ids.length) return rows;
  }
}

/**
 * A page of signals, newest first, with a keyset cursor for the next page. `plan` forces how a search
 * on PostgreSQL looks its page up (tests: every plan finds the same page); by default the estimate
 * chooses.
 */
export async function listSignals(db: Db, query: SignalQuery, options: { plan?: SearchPlan } = {}) {
  const text = (value: string) => (databaseProvider() === 'postgresql' ? { contains: escapeLike(value), mode: 'insensitive' as const } : { contains: value });
  // Spec 001 §5: the search matches description, signalType or source (and the company's name).
  const term = query.q?.trim() ?? '';
  const types = term ? signalTypes.filter((type) => type.includes(term.toLowerCase())) : [];
  const where = (candidates: string[] | null, cursor = query.cursor) => ({
    ...(query.severity ? { severity: query.severity } : {}),
    ...(query.type ? { signalType: query.type } : {}),
    ...(query.since ? { detectedAt: { gte: query.since } } : {}),
    ...(candidates ? { id: { in: candidates } } : {}),
    ...(term
      ? { OR: [{ description: text(term) }, { companyName: text(term) }, { source: text(term) }, ...(types.length ? [{ signalType: { in: types } }] : [])] }
      : {}),
    // Keyset: (detectedAt, id) < cursor. The redundant `detectedAt <= cursor` bounds the index
    // range; with only the OR, SQLite scans the index from the newest row on every page.
    ...(cursor
      ? {
          AND: [{ detectedAt: { lte: cursor.detectedAt } }, { OR: [{ detectedAt: { lt: cursor.detectedAt } }, { detectedAt: cursor.detectedAt, id: { lt: cursor.id } }] }],
        }
      : {}),
  });
  const args = (candidates: string[] | null, cursor = query.cursor) => ({
    where: where(candidates, cursor),
    orderBy: [{ detectedAt: 'desc' as const }, { id: 'desc' as const }],
    take: query.limit + 1,
    include: { company: signalCompanyFlag },
  });
  let rows: (SignalRow & { company: CompanyFlagRow | null })[];
  // A term that names a signal type, or is too short for a trigram, is looked up without an index.
  const unindexed = types.length > 0 || [...term].length < 3;
  if (databaseProvider() !== 'postgresql' && /[%_]/.test(term)) {
    // SQLite's LIKE takes them for wildcards and so matches a superset: the page is read on until it
    // holds limit + 1 rows that contain the term itself.
    const candidates = unindexed ? null : await sqliteCandidates(db, term);
    const wanted = asciiLower(term);
    const holds = (row: SignalRow) =>
      (types as readonly string[]).includes(row.signalType) || [row.description, row.companyName, row.source].some((field) => asciiLower(field ?? '').includes(wanted));
    rows = [];
    for (let cursor = query.cursor; ; ) {
      const batch = await db.signal.findMany(args(candidates, cursor));
      rows.push(...batch.filter(holds));
      if (rows.length > query.limit || batch.length <= query.limit) break;
      cursor = batch.at(-1)!;
    }
  } else if (!term || unindexed) rows = await db.signal.findMany(args(null));
  else if (databaseProvider() === 'postgresql') {
    const sample = await trigramSample(db);
    const grams = rarestTrigrams(term, sample.counts, sample.sampled);
    const find = (candidates: string[] | null) => db.signal.findMany(args(candidates));
    // Few signals hold the term (or its rarest trigram): its candidates answer at once; some thousands:
    // the newest windows' candidates. Many: the planner walks the date index, which fills a page at
    // once for a common term but reads most of the table for a rare combination of common words; a
    // short timeout tells the two apart, and the candidates then answer, newest windows first.
    const estimate = estimatedMatches(term, grams, sample, Math.max(searchCandidateCap, dateWalkEstimate(sample.rows, query.limit)));
    const plan = options.plan ?? searchPlan(estimate, sample.rows, query.limit);
    if (plan === 'candidates') rows = await postgresSearch(db, term, grams, [], query, find);
    else if (plan === 'windows') rows = await postgresSearch(db, term, grams, searchWindowsDays, query, find);
    else rows = (await withStatementTimeout(db, quickMsFor(query.limit), (tx) => tx.signal.findMany(args(null)), walkPlanning)) ?? (await postgresSearch(db, term, grams, searchWindowsDays, query, find));
  } else rows = await db.signal.findMany(args(await sqliteCandidates(db, term)));
  const page = rows.slice(0, query.limit);
  return { signals: page.map(signalView), nextCursor: rows.length > query.limit ? encodeCursor(page.at(-1)!) : null };
}
