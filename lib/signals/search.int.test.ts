import { db } from '@/lib/db';
import { resetDatabase } from '@/test/support/database';
import { databaseProvider } from '@/lib/env';
import { decodeCursor, listSignals, type SearchPlan } from './repository';
import { maintainRecentSearchIndexes } from './search-index';
import { dropRecentSearchIndexes } from '@/test/support/search-index';

// Search finds exactly what a case-insensitive substring match finds, newest first and page by page,
// however the database looks it up (on PostgreSQL the planner's plan, or a rare term's trigram
// candidates; on SQLite the FTS5 trigram index).

const day = 86_400_000;
const now = Date.now();

type Row = { id: string; description: string; companyName: string; source: string; detectedAt: Date; severity: string; signalType: string };
type Filters = { severity?: string; type?: string; since?: Date };
let stored: Row[] = [];

beforeAll(async () => {
  await resetDatabase();
  const data = Array.from({ length: 600 }, (_, index) => {
    const rare = index % 97 === 0;
    const name = rare ? 'Quillmoor Treasury' : `Common Co ${index % 20}`;
    return {
      sourceId: `search-${index}`,
      companyName: name,
      description: `${name} filed an 8-K about bitcoin`,
      source: index % 50 === 0 ? 'Harbourline Wire' : 'Test feed',
      detectedAt: new Date(now - index * 1.2 * day),
      confidence: 50,
      signalType: index % 7 === 0 ? 'board-meeting' : 'sec-filing',
      // A few old critical ones: a common term under a rare filter reads its candidates slice by slice.
      severity: index > 400 && index % 61 === 0 ? 'critical' : index % 3 ? 'low' : 'high',
    };
  });
  // LIKE's own characters, and near misses that only a wildcard would match.
  const literal = ['Reserve 100% audited', 'Reserve 100 percent audited', 'Pair BTC_USD listed', 'Pair BTCXUSD listed', 'Ledger at C:\\books'].map((description, index) => ({
    sourceId: `literal-${index}`,
    companyName: 'Literal Holdings',
    description,
    source: 'Test feed',
    detectedAt: new Date(now - (index + 0.5) * 1.2 * day),
    confidence: 50,
    signalType: 'sec-filing',
    severity: 'low',
  }));
  await db.signal.createMany({ data: [...data, ...literal] });
  stored = await db.signal.findMany({ select: { id: true, description: true, companyName: true, source: true, detectedAt: true, severity: true, signalType: true } });
}, 60_000);

/** Every page of a search, 25 at a time, through the cursor each page hands back (`plan`: forced on PostgreSQL). */
async function allPages(q: string, filters: string | Filters = {}, plan?: SearchPlan) {
  const { severity, type, since } = typeof filters === 'string' ? { severity: filters } : filters;
  const ids: string[] = [];
  let cursor: { detectedAt: Date; id: string } | undefined;
  for (let page = 0; page < 200; page += 1) {
    const result = await listSignals(db, { q, severity, type, since, cursor, limit: 25 }, { plan });
    ids.push(...result.signals.map((signal) => signal.id));
    if (!result.nextCursor) return ids;
    cursor = decodeCursor(result.nextCursor) ?? undefined;
  }
  throw new Error('the cursor never ran out');
}

function expected(q: string, filters: string | Filters = {}) {
  const { severity, type, since } = typeof filters === 'string' ? { severity: filters } : filters;
  const term = q.toLowerCase();
  return stored
    .filter((row) => [row.description, row.companyName, row.source].some((text) => text.toLowerCase().includes(term)))
    .filter((row) => (!severity || row.severity === severity) && (!type || row.signalType === type) && (!since || row.detectedAt >= since))
    .sort((a, b) => b.detectedAt.getTime() - a.detectedAt.getTime() || (a.id < b.id ? 1 : -1))
    .map((row) => row.id);
}

it.each([
  ['a rare name', 'QUILLMOOR'],
  ['a rare name of two words', 'moor treas'],
  ['a rare source', 'harbourline'],
  ['a name most signals share a word with', 'Common Co 7'],
  ['a common word', 'bitcoin'],
  ['nothing', 'zqxv'],
])('finds every match of %s (%s), newest first, across pages', async (_, q) => {
  const ids = await allPages(q);
  expect(ids).toEqual(expected(q));
  expect(ids.length).toBe(new Set(ids).size);
});

it.each([
  ['a per cent sign', '100%'],
  ['an underscore', 'btc_usd'],
  ['a lone per cent sign', '%'],
  ['a backslash', 'c:\\'],
])('matches %s (%s) as itself, not as a wildcard', async (_, q) => {
  expect(expected(q).length).toBeGreaterThan(0);
  expect(await allPages(q)).toEqual(expected(q));
});

it('applies the other filters to a rare term', async () => {
  expect(await allPages('Quillmoor', 'high')).toEqual(expected('Quillmoor', 'high'));
  expect(expected('Quillmoor', 'high').length).toBeGreaterThan(0);
});

it('finds the old matches of a common term under a rare filter, in order', async () => {
  expect(expected('bitcoin', 'critical')).toHaveLength(3);
  expect(await allPages('bitcoin', 'critical')).toEqual(expected('bitcoin', 'critical'));
  expect(await allPages('Common Co 1', 'critical')).toEqual(expected('Common Co 1', 'critical'));
});

// On this small table the estimate picks the walk for most terms; each plan must find the same pages.
const onPostgres = databaseProvider() === 'postgresql' ? describe : describe.skip;
onPostgres.each(['candidates', 'windows', 'walk'] as const)('the %s plan', (plan) => {
  it.each(['QUILLMOOR', 'moor treas', 'harbourline', 'Common Co 7', 'bitcoin', 'zqxv'])('finds every match of %s, newest first, across pages', async (q) => {
    expect(await allPages(q, {}, plan)).toEqual(expected(q));
  });
  it('finds the old matches of a common term under a rare filter', async () => {
    expect(await allPages('bitcoin', 'critical', plan)).toEqual(expected('bitcoin', 'critical'));
    expect(await allPages('Quillmoor', 'high', plan)).toEqual(expected('Quillmoor', 'high'));
  });
  it('applies a type and a since date together with a severity, across pages', async () => {
    const since = new Date(now - 400 * day);
    for (const filters of [{ type: 'board-meeting' }, { since }, { type: 'board-meeting', severity: 'high', since }, { severity: 'low', since }]) {
      for (const q of ['bitcoin', 'Common Co 7', 'QUILLMOOR']) {
        const want = expected(q, filters);
        expect(await allPages(q, filters, plan)).toEqual(want);
      }
    }
    expect(expected('bitcoin', { since }).length).toBeGreaterThan(25);
    expect(expected('bitcoin', { type: 'board-meeting', severity: 'high', since }).length).toBeGreaterThan(0);
  });
});

// The recent index (kept by the scheduler) serves windows of the last weeks, and a since date within them.
onPostgres('with the recent index', () => {
  beforeAll(() => maintainRecentSearchIndexes(db, new Date(now)), 60_000);
  afterAll(() => dropRecentSearchIndexes());
  it.each(['candidates', 'windows', 'walk'] as const)('the %s plan finds every match, newest first, with every filter', async (plan) => {
    const recent = new Date(now - 20 * day);
    for (const q of ['QUILLMOOR', 'moor treas', 'harbourline', 'Common Co 7', 'bitcoin', 'zqxv']) expect(await allPages(q, {}, plan)).toEqual(expected(q));
    for (const filters of [{ since: recent }, { since: recent, severity: 'high' }, { type: 'board-meeting' }, 'critical']) {
      for (const q of ['bitcoin', 'Common Co 7', 'QUILLMOOR']) expect(await allPages(q, filters, plan)).toEqual(expected(q, filters));
    }
    expect(expected('Common Co 7', { since: recent }).length).toBeGreaterThan(0);
  });
});

onPostgres('when every connection is busy', () => {
  it('a search whose walk cannot start its transaction waits for a connection and reads its windows', async () => {
    // The trigram sample read first.
    await listSignals(db, { q: 'Quillmoor', limit: 25 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The pool's ten connections, each held by a transaction until the gate opens.
    const holders = Array.from({ length: 10 }, () =>
      db.$transaction(
        async (tx) => {
          await tx.$queryRawUnsafe('SELECT 1');
          await gate;
        },
        { maxWait: 10_000, timeout: 15_000 },
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const search = listSignals(db, { q: 'Quillmoor', limit: 25 }, { plan: 'walk' });
    // Past Prisma's two seconds of waiting for a transaction to start.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    release();
    await Promise.all(holders);
    expect((await search).signals.map((signal) => signal.id)).toEqual(expected('Quillmoor').slice(0, 25));
  }, 20_000);
});
