import { db } from '../../db';
import { MemoryBus } from '../../realtime/bus';
import type { RealtimeEvent } from '../../realtime/channels';
import { resetDatabase } from '@/test/support/database';
import { runIngest } from '../run';
import { jsonHeaders, readFixture } from '@/test/support/edgar';
import { startReplayServer, type ReplayServer } from '@/test/support/replay-server';

// CoinGecko's public-treasury list replayed locally: the documentation example (new symbol style)
// and a real 2023 answer (old style), both in test/fixtures/coingecko (README there).

jest.setTimeout(30_000);

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const treasuryPath = '/api/v3/companies/public_treasury/bitcoin';
const docsExample = () => JSON.parse(readFixture('coingecko/companies-public-treasury-bitcoin.docs-example.json').toString('utf8')) as {
  companies: { symbol: string; total_holdings: number }[];
};
const now = () => new Date('2026-07-14T09:00:00Z');

const savedEnv = { ...process.env };
let server: ReplayServer;
let bus: MemoryBus;
let events: RealtimeEvent[];

const run = () => runIngest(db, { sources: ['coingecko-treasury'], bus, now }).then(([result]) => result!);
const company = (data: { name: string; ticker: string; exchange: string; btcHoldings: number; flagReason?: string }) =>
  db.company.create({ data: { source: 'bitbo.io table', holdingsAsOf: day('2026-07-11'), flagged: !!data.flagReason, ...data } });

beforeEach(async () => {
  await resetDatabase();
  bus = new MemoryBus();
  events = [];
  // What was published, without the id the bus's log gave it.
  bus.subscribe(({ type, data }) => events.push({ type, data }));
  server = await startReplayServer({ [treasuryPath]: () => ({ headers: jsonHeaders, body: readFixture('coingecko/companies-public-treasury-bitcoin.docs-example.json') }) });
  Object.assign(process.env, { COINGECKO_BASE_URL: `${server.url}/api/v3`, COINGECKO_API_KEY: 'demo-key-for-tests' });
});

afterEach(async () => {
  process.env = { ...savedEnv };
  await server.close();
});

it('stores each matched figure as its own dated snapshot, flags a gap above 5 % and keeps our figure', async () => {
  const strategy = await company({ name: 'Strategy', ticker: 'MSTR', exchange: 'NASDAQ', btcHoldings: 843_775 });
  const xxi = await company({ name: 'Twenty One Capital (XXI)', ticker: 'XXI', exchange: 'NASDAQ', btcHoldings: 37_229.7 });

  const result = await run();

  expect(result).toMatchObject({ source: 'coingecko-treasury', status: 'ok', itemsAdded: 2, message: '2 new figures for 2 of 2 listed companies matched; 1 flagged (more than 5 % from our figure)' });
  expect(server.requests[0]!.headers['x-cg-demo-api-key']).toBe('demo-key-for-tests');
  expect(await db.holdingSnapshot.findMany({ orderBy: { quantity: 'desc' }, select: { companyId: true, quantity: true, asOf: true, source: true, sourceUrl: true } })).toEqual([
    { companyId: strategy.id, quantity: 843_738, asOf: day('2026-07-14'), source: 'CoinGecko public treasury', sourceUrl: 'https://www.coingecko.com/en/treasuries/bitcoin' },
    { companyId: xxi.id, quantity: 43_514, asOf: day('2026-07-14'), source: 'CoinGecko public treasury', sourceUrl: 'https://www.coingecko.com/en/treasuries/bitcoin' },
  ]);
  // 843,738 against 843,775 is within 5 %: no flag. Our current figures stay.
  expect(await db.company.findUniqueOrThrow({ where: { id: strategy.id } })).toMatchObject({ btcHoldings: 843_775, holdingsAsOf: day('2026-07-11'), flagged: false, flagReason: null });
  const flaggedXxi = await db.company.findUniqueOrThrow({ where: { id: xxi.id } });
  expect(flaggedXxi).toMatchObject({
    btcHoldings: 37_229.7,
    flagged: true,
    flagReason: 'CoinGecko public treasury reports 43,514 BTC as of 2026-07-14; our current figure is 37,229.7 BTC as of 2026-07-11 (16.9% apart).',
  });
  expect(await db.holdingChange.count()).toBe(0);
  expect(events).toEqual([{ type: 'company_update', data: expect.objectContaining({ companyId: xxi.id, btcHoldings: 37_229.7, flagged: true, flagReason: flaggedXxi.flagReason }) }]);

  // The same answer again the same day: nothing new, no event.
  events.length = 0;
  expect(await run()).toMatchObject({ status: 'ok', itemsAdded: 0, message: '0 new figures for 2 of 2 listed companies matched' });
  expect(await db.holdingSnapshot.count()).toBe(2);
  expect(events).toEqual([]);
  expect(await db.company.findUniqueOrThrow({ where: { id: xxi.id } })).toMatchObject({ flagReason: flaggedXxi.flagReason });
});

it("clears its own flag when the figures agree again, and leaves another rule's reason standing", async () => {
  const otherReason = 'SEC EDGAR 8-K reports 700,000 BTC as of 2026-07-10; bitbo.io table reports 843,775 BTC as of 2026-07-11 (17% apart).';
  const strategy = await company({ name: 'Strategy', ticker: 'MSTR', exchange: 'NASDAQ', btcHoldings: 800_000, flagReason: otherReason });
  const xxi = await company({ name: 'Twenty One Capital (XXI)', ticker: 'XXI', exchange: 'NASDAQ', btcHoldings: 37_229.7 });
  await run();
  expect(await db.company.findUniqueOrThrow({ where: { id: strategy.id } })).toMatchObject({
    flagged: true,
    flagReason: `${otherReason} | CoinGecko public treasury reports 843,738 BTC as of 2026-07-14; our current figure is 800,000 BTC as of 2026-07-11 (5.5% apart).`,
  });

  // A day later CoinGecko agrees with us on both (the answer is the documented example with two figures changed).
  const agreeing = docsExample();
  agreeing.companies[0]!.total_holdings = 801_000;
  agreeing.companies[1]!.total_holdings = 37_300;
  server.routes.set(treasuryPath, () => ({ headers: jsonHeaders, body: JSON.stringify(agreeing) }));
  const nextDay = await runIngest(db, { sources: ['coingecko-treasury'], bus, now: () => new Date('2026-07-15T09:00:00Z') }).then(([result]) => result!);

  expect(nextDay).toMatchObject({ status: 'ok', itemsAdded: 2, message: '2 new figures for 2 of 2 listed companies matched; 2 flags cleared' });
  expect(await db.company.findUniqueOrThrow({ where: { id: xxi.id } })).toMatchObject({ flagged: false, flagReason: null });
  expect(await db.company.findUniqueOrThrow({ where: { id: strategy.id } })).toMatchObject({ flagged: true, flagReason: otherReason });
  // Both days' figures are kept.
  expect(await db.holdingSnapshot.findMany({ where: { companyId: xxi.id }, orderBy: { asOf: 'asc' }, select: { asOf: true, quantity: true } })).toEqual([
    { asOf: day('2026-07-14'), quantity: 43_514 },
    { asOf: day('2026-07-15'), quantity: 37_300 },
  ]);
});

it('never clears a flag this rule did not set', async () => {
  const otherReason = 'Holdings figure disputed by the company (manual review).';
  const strategy = await company({ name: 'Strategy', ticker: 'MSTR', exchange: 'NASDAQ', btcHoldings: 843_775, flagReason: otherReason });
  expect(await run()).toMatchObject({ status: 'ok', message: '1 new figure for 1 of 2 listed companies matched; 1 not matched: XXI (XXI.US): no tracked company trades as XXI on NASDAQ/NYSE/OTC/OTCMKTS/OTCQX/OTCID' });
  expect(await db.company.findUniqueOrThrow({ where: { id: strategy.id } })).toMatchObject({ flagged: true, flagReason: otherReason });
});

it('reports the companies it cannot match and stores nothing for them', async () => {
  server.routes.set(treasuryPath, () => ({ headers: jsonHeaders, body: readFixture('coingecko/companies-public-treasury-bitcoin.capture-pre-2024.json') }));
  await company({ name: 'Strategy', ticker: 'MSTR', exchange: 'NASDAQ', btcHoldings: 158_245 });
  await company({ name: 'Galaxy Digital Holdings', ticker: 'GLXY', exchange: 'NASDAQ', btcHoldings: 12_545 });
  await company({ name: 'B HODL PLC', ticker: 'HODL', exchange: 'AQUIS', btcHoldings: 69 });

  const result = await run();

  expect(result).toMatchObject({ status: 'ok', itemsAdded: 1 });
  // Galaxy trades on NASDAQ with us, on Toronto in CoinGecko's 2023 symbol; our HODL is B HODL on Aquis, theirs Cypherpunk on the CSE.
  expect(result.message).toMatch(
    /^1 new figure for 1 of 28 listed companies matched; 27 not matched: Marathon Digital Holdings \(NASDAQ:MARA\): no tracked company trades as MARA on NASDAQ; Galaxy Digital Holdings \(TSE: GLXY\): no tracked company trades as GLXY on TSX; .*; also .*CSE:HODL, NASDAQ:MOGO, CORZ:NASDAQ$/,
  );
  expect(result.message.length).toBeLessThan(2000);
  expect(await db.holdingSnapshot.findMany({ select: { quantity: true } })).toEqual([{ quantity: 158_245 }]);
});

it('reports an error answer, a garbled body, a 404 and a timeout as errors and stores nothing', async () => {
  await company({ name: 'Strategy', ticker: 'MSTR', exchange: 'NASDAQ', btcHoldings: 843_775 });
  server.routes.set(treasuryPath, () => ({ headers: jsonHeaders, body: JSON.stringify({ status: { error_code: 10002, error_message: 'API Key Missing' } }) }));
  expect(await run()).toMatchObject({ status: 'error', itemsAdded: 0, message: 'The answer is not a public-treasury list (no "companies" array).' });

  server.routes.set(treasuryPath, () => ({ headers: jsonHeaders, body: readFixture('coingecko/companies-public-treasury-bitcoin.docs-example.json').subarray(0, 200) }));
  expect(await run()).toMatchObject({ status: 'error', message: expect.stringMatching(/did not return JSON$/) });

  server.routes.set(treasuryPath, () => ({ status: 404, headers: jsonHeaders, body: '{"error":"Not Found"}' }));
  expect(await run()).toMatchObject({ status: 'error', message: expect.stringMatching(/answered 404 Not Found$/) });

  server.routes.set(treasuryPath, async () => {
    await new Promise((resolve) => setTimeout(resolve, 1500).unref());
    return { headers: jsonHeaders, body: readFixture('coingecko/companies-public-treasury-bitcoin.docs-example.json') };
  });
  process.env.INGEST_HTTP_TIMEOUT_MS = '300';
  expect(await run()).toMatchObject({ status: 'error', message: expect.stringMatching(/timed out after 300 ms/) });

  expect(await db.holdingSnapshot.count()).toBe(0);
  expect(await db.refreshLog.count({ where: { source: 'coingecko-treasury', status: 'error' } })).toBe(4);
});
