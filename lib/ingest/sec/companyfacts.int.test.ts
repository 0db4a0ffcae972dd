import { db } from '../../db';
import { MemoryBus } from '../../realtime/bus';
import { resetDatabase } from '@/test/support/database';
import { runIngest } from '../run';
import { jsonHeaders, readFixture } from '@/test/support/edgar';
import { startReplayServer, type ReplayServer } from '@/test/support/replay-server';
import { resetCompanyFactsState } from './companyfacts-ingester';

// data.sec.gov replayed locally with Strategy's real companyfacts (trimmed; test/fixtures/README.md).

jest.setTimeout(30_000);

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const factsPath = '/api/xbrl/companyfacts/CIK0001050446.json';
const userAgent = 'Treasury Intelligence Tests tests@example.com';
// The day the fixture was committed; five years of facts reach back to January 2021.
const now = () => new Date('2026-01-21T12:00:00Z');

const savedEnv = { ...process.env };
let server: ReplayServer;
let changed: string[][];
let strategy: string;

const run = () =>
  runIngest(db, {
    sources: ['sec-companyfacts'],
    bus: new MemoryBus(),
    now,
    onHoldingsChanged: async (companyIds) => {
      changed.push(companyIds);
    },
  }).then(([result]) => result!);

const strategyFacts = () => JSON.parse(readFixture('sec/companyfacts/CIK0001050446.trimmed.json').toString('utf8')) as {
  facts: Record<string, Record<string, { units: Record<string, Record<string, unknown>[]> }>>;
};

beforeEach(async () => {
  await resetDatabase();
  resetCompanyFactsState();
  changed = [];
  server = await startReplayServer({ [factsPath]: () => ({ headers: jsonHeaders, body: readFixture('sec/companyfacts/CIK0001050446.trimmed.json') }) });
  Object.assign(process.env, { SEC_USER_AGENT: userAgent, SEC_DATA_BASE_URL: server.url, SEC_BASE_URL: server.url, SEC_COMPANYFACTS_HISTORY_YEARS: '5' });
  strategy = (await db.company.create({ data: { name: 'Strategy', ticker: 'MSTR', exchange: 'NASDAQ', secCik: '0001050446', source: 'test', btcHoldings: 1, holdingsAsOf: day('2026-01-01') } })).id;
  // No CIK: never asked for.
  await db.company.create({ data: { name: 'Metaplanet Inc.', ticker: '3350.T', exchange: 'TYO', source: 'test', btcHoldings: 1, holdingsAsOf: day('2026-01-01') } });
});

afterEach(async () => {
  process.env = { ...savedEnv };
  await server.close();
});

it('stores each figure with its period end, filing date, form and accession, once', async () => {
  const result = await run();
  expect(result).toMatchObject({ source: 'sec-companyfacts', status: 'ok' });
  expect(result.itemsAdded).toBeGreaterThan(50);
  expect(result.message).toBe(`${result.itemsAdded} new facts from the companyfacts of 1 of 1 due company`);
  expect(server.requests.map((request) => [request.path, request.headers['user-agent']])).toEqual([[factsPath, userAgent]]);
  expect(await db.companyFundamental.count()).toBe(result.itemsAdded);

  expect(await db.companyFundamental.findMany({ where: { companyId: strategy, field: 'total_debt', asOf: day('2025-09-30') } })).toEqual([
    expect.objectContaining({
      value: 8_173_903_000,
      unit: 'amount',
      currency: 'USD',
      filedAt: day('2025-11-03'),
      form: '10-Q',
      accession: '0001193125-25-262568',
      source: 'sec-companyfacts:us-gaap:LongTermDebt',
      sourceUrl: 'https://www.sec.gov/Archives/edgar/data/1050446/000119312525262568/0001193125-25-262568-index.htm',
      notes: null,
    }),
  ]);
  // Repeated in two later 10-Qs with the same value: stored once, from the first filing.
  expect(await db.companyFundamental.findMany({ where: { field: 'cash', asOf: day('2024-12-31') }, select: { value: true, accession: true } })).toEqual([
    { value: 38_117_000, accession: '0000950170-25-021814' },
  ]);
  // Restated by the 10-Q of August 2024: both statements are kept.
  expect(
    await db.companyFundamental.findMany({ where: { field: 'total_debt', asOf: day('2023-12-31') }, orderBy: { filedAt: 'asc' }, select: { value: true, accession: true, notes: true } }),
  ).toEqual([
    { value: 2_182_108_000, accession: '0000950170-24-015847', notes: null },
    { value: 2_182_591_000, accession: '0000950170-24-091778', notes: 'Restates 2,182,108,000 filed 2024-02-15 (accession 0000950170-24-015847).' },
  ]);
  expect(changed).toEqual([[strategy]]);

  // A restart reads the file again and stores nothing new.
  resetCompanyFactsState();
  const again = await run();
  expect(again).toMatchObject({ status: 'ok', itemsAdded: 0, message: '0 new facts from the companyfacts of 1 of 1 due company' });
  expect(server.requests).toHaveLength(2);
  expect(changed).toHaveLength(1);
});

it('keeps a later restatement as a new row and never changes the stored one', async () => {
  await run();
  const before = await db.companyFundamental.findFirstOrThrow({ where: { field: 'cash', asOf: day('2025-09-30') } });

  // The same file a quarter later, with one added fact: a 10-K that states another cash figure for
  // 30 Sep 2025 (constructed: no such filing exists; the accession is a placeholder).
  const restated = strategyFacts();
  restated.facts['us-gaap']!.CashAndCashEquivalentsAtCarryingValue!.units.USD!.push({
    end: '2025-09-30',
    val: 54_300_000,
    accn: '0009999999-26-000001',
    fy: 2025,
    fp: 'FY',
    form: '10-K',
    filed: '2026-02-10',
  });
  server.routes.set(factsPath, () => ({ headers: jsonHeaders, body: JSON.stringify(restated) }));
  resetCompanyFactsState();
  const result = await run();

  expect(result).toMatchObject({ status: 'ok', itemsAdded: 1 });
  expect(await db.companyFundamental.findMany({ where: { field: 'cash', asOf: day('2025-09-30') }, orderBy: { filedAt: 'asc' } })).toEqual([
    before,
    expect.objectContaining({
      value: 54_300_000,
      accession: '0009999999-26-000001',
      form: '10-K',
      filedAt: day('2026-02-10'),
      notes: 'Restates 54,285,000 filed 2025-11-03 (accession 0001193125-25-262568).',
    }),
  ]);
  expect(changed).toEqual([[strategy], [strategy]]);
});

it('skips without a declared User-Agent and sends nothing', async () => {
  delete process.env.SEC_USER_AGENT;
  expect(await run()).toMatchObject({ status: 'skipped', itemsAdded: 0, message: expect.stringMatching(/^SEC_USER_AGENT is not set/) });
  expect(server.requests).toEqual([]);
});

it('takes a 404 as a company without XBRL facts', async () => {
  server.routes.delete(factsPath);
  expect(await run()).toMatchObject({ status: 'ok', itemsAdded: 0, message: '0 new facts from the companyfacts of 1 of 1 due company; SEC has no XBRL facts for Strategy' });
});

it('reports a garbled body and a timeout as errors and stores nothing', async () => {
  server.routes.set(factsPath, () => ({ headers: jsonHeaders, body: readFixture('sec/companyfacts/CIK0001050446.trimmed.json').subarray(0, 5000) }));
  expect(await run()).toMatchObject({ status: 'error', itemsAdded: 0, message: expect.stringMatching(/^0 new facts .*; could not read Strategy: GET .* did not return JSON$/) });

  // A failed company waits an hour; a restart forgets that.
  resetCompanyFactsState();
  server.routes.set(factsPath, () => ({ headers: jsonHeaders, body: JSON.stringify({ error: 'unexpected' }) }));
  expect(await run()).toMatchObject({ status: 'error', message: expect.stringContaining('The answer is not a companyfacts document.') });

  server.routes.set(factsPath, async () => {
    await new Promise((resolve) => setTimeout(resolve, 1500).unref());
    return { headers: jsonHeaders, body: '{}' };
  });
  process.env.INGEST_HTTP_TIMEOUT_MS = '300';
  resetCompanyFactsState();
  expect(await run()).toMatchObject({ status: 'error', message: expect.stringMatching(/timed out after 300 ms/) });

  expect(await db.companyFundamental.count()).toBe(0);
  expect(changed).toEqual([]);
});
