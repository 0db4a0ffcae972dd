import { db } from '../../db';
import { MemoryBus } from '../../realtime/bus';
import { resetDatabase } from '@/test/support/database';
import { ingestJobs } from '../jobs';
import { runIngest } from '../run';
import { jsonHeaders, readFixture } from '@/test/support/edgar';
import { startReplayServer, type ReplayServer } from '@/test/support/replay-server';
import { resetEquityPricesState } from './prices-ingester';
import { isoDay } from '../../dates';

// Yahoo's chart API, Stooq and the ECB replayed locally. None has a real recorded answer for our
// listings: the bodies were constructed from the documented shapes (test/fixtures/README.md); the
// MSTR and Metaplanet closes in them are real, the ECB rates are placeholders.

jest.setTimeout(30_000);

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const xmlHeaders = { 'content-type': 'text/xml' };
// Saturday 7 Feb 2026: the last finished session is Friday the 6th.
const now = () => new Date('2026-02-07T12:00:00Z');

const savedEnv = { ...process.env };
let server: ReplayServer;
let bus: MemoryBus;
let changed: string[][];
const onHoldingsChanged = async (companyIds: string[]) => {
  changed.push([...companyIds].sort());
};

const run = (source: 'equity-prices' | 'fx-rates') => runIngest(db, { sources: [source], bus, now, onHoldingsChanged }).then(([result]) => result!);

let strategy: string;
let metaplanet: string;

beforeEach(async () => {
  await resetDatabase();
  resetEquityPricesState();
  bus = new MemoryBus();
  changed = [];
  server = await startReplayServer({
    '/v8/finance/chart/MSTR': () => ({ headers: jsonHeaders, body: readFixture('yahoo/chart.MSTR.constructed.json') }),
    '/v8/finance/chart/3350.T': () => ({ headers: jsonHeaders, body: readFixture('yahoo/chart.3350.T.constructed.json') }),
    '/stooq/q/d/l/': () => ({ headers: { 'content-type': 'text/csv' }, body: readFixture('stooq/mstr.us.constructed.csv') }),
    '/ecb/eurofxref-hist-90d.xml': () => ({ headers: xmlHeaders, body: readFixture('ecb/eurofxref-hist-90d.constructed.xml') }),
    '/ecb/eurofxref-daily.xml': () => ({ headers: xmlHeaders, body: readFixture('ecb/eurofxref-daily.constructed.xml') }),
  });
  Object.assign(process.env, {
    YAHOO_CHART_BASE_URL: server.url,
    STOOQ_BASE_URL: `${server.url}/stooq`,
    ECB_FX_BASE_URL: `${server.url}/ecb`,
    EQUITY_PRICES_PROVIDER: 'yahoo',
    EQUITY_HISTORY_DAYS: '7',
  });
  const company = (name: string, ticker: string, exchange: string) =>
    db.company.create({ data: { name, ticker, exchange, source: 'test', btcHoldings: 1, holdingsAsOf: day('2026-01-01') } });
  strategy = (await company('Strategy', 'MSTR', 'NASDAQ')).id;
  metaplanet = (await company('Metaplanet Inc.', '3350.T', 'TYO')).id;
  await company('Bitmax Co., Ltd', '377030', 'KRX');
});

afterEach(async () => {
  process.env = { ...savedEnv };
  await server.close();
});

it('stores the daily closes in their currency, USD ones converted at 1, and nothing twice', async () => {
  const result = await run('equity-prices');

  expect(result).toMatchObject({ source: 'equity-prices', status: 'ok', itemsAdded: 10 });
  expect(result.message).toBe(
    '10 new closes from yahoo-chart for 2 of 2 due companies (up to 2026-02-06); 1 listing yahoo-chart does not cover: Bitmax Co., Ltd (377030, no Yahoo market is known for exchange KRX)',
  );
  const [first] = server.requests;
  expect(first!.path).toBe('/v8/finance/chart/MSTR');
  // Seven days of history ending with the last finished session.
  expect(Object.fromEntries(first!.query)).toEqual({ period1: String(day('2026-01-31').getTime() / 1000), period2: String(day('2026-02-07').getTime() / 1000), interval: '1d', includePrePost: 'false' });

  expect(await db.equityPrice.findFirst({ where: { companyId: strategy, date: day('2026-02-06') } })).toMatchObject({
    close: 134.93,
    currency: 'USD',
    closeUsd: 134.93,
    fxRate: 1,
    fxDate: day('2026-02-06'),
    source: 'yahoo-chart',
    sourceUrl: 'https://finance.yahoo.com/quote/MSTR/history/',
  });
  // No FX rate is stored yet: the yen closes wait for one.
  expect(await db.equityPrice.findMany({ where: { companyId: metaplanet }, orderBy: { date: 'asc' }, select: { date: true, close: true, currency: true, closeUsd: true, fxRate: true } })).toEqual([
    { date: day('2026-02-02'), close: 402, currency: 'JPY', closeUsd: null, fxRate: null },
    { date: day('2026-02-03'), close: 406, currency: 'JPY', closeUsd: null, fxRate: null },
    { date: day('2026-02-04'), close: 390, currency: 'JPY', closeUsd: null, fxRate: null },
    { date: day('2026-02-05'), close: 360, currency: 'JPY', closeUsd: null, fxRate: null },
    { date: day('2026-02-06'), close: 340, currency: 'JPY', closeUsd: null, fxRate: null },
  ]);
  expect(changed).toEqual([[metaplanet, strategy].sort()]);
  expect(await db.dataSource.findUniqueOrThrow({ where: { key: 'equity-prices' } })).toMatchObject({ itemsIngested: 10, lastError: null, lastSuccessAt: expect.any(Date) });

  // A restart forgets who was read; the database knows the newest close, so nothing is asked or stored again.
  resetEquityPricesState();
  const again = await run('equity-prices');
  expect(again).toMatchObject({ status: 'ok', itemsAdded: 0 });
  expect(server.requests).toHaveLength(2);
  expect(await db.equityPrice.count()).toBe(10);
  expect(changed).toHaveLength(1);
});

it('converts non-USD closes with the rate of their day or the latest before, keeping rate and date', async () => {
  await run('equity-prices');

  const fx = await run('fx-rates');
  expect(fx).toMatchObject({ status: 'ok', itemsAdded: 24, message: '24 new USD rates from eurofxref-hist-90d.xml (4 days, newest 2026-02-05); 5 stored closes converted to USD' });
  expect(await db.fxRate.findUniqueOrThrow({ where: { currency_date_source: { currency: 'JPY', date: day('2026-02-05'), source: 'ecb-eurofxref' } } })).toMatchObject({
    usdPerUnit: Number((1.08 / 168.75).toPrecision(10)),
    sourceUrl: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml',
  });
  const yen = await db.equityPrice.findMany({ where: { companyId: metaplanet }, orderBy: { date: 'asc' } });
  // USD per yen from the day's EUR/USD and EUR/JPY.
  const jpy = (eurUsd: number, eurJpy: number) => Number((eurUsd / eurJpy).toPrecision(10));
  expect(yen.map((row) => [isoDay(row.date), row.fxRate, row.fxDate?.toISOString().slice(0, 10), row.closeUsd])).toEqual([
    ['2026-02-02', jpy(1.065, 171.25), '2026-02-02', Number((402 * jpy(1.065, 171.25)).toPrecision(10))],
    ['2026-02-03', jpy(1.07, 170), '2026-02-03', Number((406 * jpy(1.07, 170)).toPrecision(10))],
    ['2026-02-04', jpy(1.075, 169), '2026-02-04', Number((390 * jpy(1.075, 169)).toPrecision(10))],
    ['2026-02-05', jpy(1.08, 168.75), '2026-02-05', Number((360 * jpy(1.08, 168.75)).toPrecision(10))],
    // The 6th has no rate yet: the 5th's is used, and its date says so.
    ['2026-02-06', jpy(1.08, 168.75), '2026-02-05', Number((340 * jpy(1.08, 168.75)).toPrecision(10))],
  ]);
  expect(yen[4]!.closeUsd).toBeCloseTo(2.176, 3);
  expect(changed.at(-1)).toEqual([metaplanet]);

  // The next read takes the daily file; the 6th's own rate replaces the stand-in, the close is untouched.
  const daily = await run('fx-rates');
  expect(daily).toMatchObject({ status: 'ok', itemsAdded: 6, message: '6 new USD rates from eurofxref-daily.xml (1 day, newest 2026-02-06); 1 stored close converted to USD' });
  expect(await db.equityPrice.findFirstOrThrow({ where: { companyId: metaplanet, date: day('2026-02-06') } })).toMatchObject({
    close: 340,
    fxRate: jpy(1.085, 168),
    fxDate: day('2026-02-06'),
    closeUsd: Number((340 * jpy(1.085, 168)).toPrecision(10)),
  });

  // Nothing new the third time.
  expect(await run('fx-rates')).toMatchObject({ status: 'ok', itemsAdded: 0, message: '0 new USD rates from eurofxref-daily.xml (1 day, newest 2026-02-06)' });
  expect(await db.fxRate.count()).toBe(30);
});

it('converts at once when the rate is already stored', async () => {
  await run('fx-rates');
  await run('equity-prices');
  expect(await db.equityPrice.findFirstOrThrow({ where: { companyId: metaplanet, date: day('2026-02-03') } })).toMatchObject({
    closeUsd: Number((406 * Number((1.07 / 170).toPrecision(10))).toPrecision(10)),
    fxDate: day('2026-02-03'),
  });
});

it('reads the same closes through the Stooq provider', async () => {
  process.env.EQUITY_PRICES_PROVIDER = 'stooq';
  const result = await run('equity-prices');
  expect(result).toMatchObject({ status: 'ok', itemsAdded: 10 });
  expect(server.requests.map((request) => request.query.get('s'))).toEqual(['mstr.us', '3350.jp']);
  expect(Object.fromEntries(server.requests[0]!.query)).toEqual({ s: 'mstr.us', d1: '20260131', d2: '20260206', i: 'd' });
  expect(await db.equityPrice.findFirstOrThrow({ where: { companyId: strategy, date: day('2026-02-05') } })).toMatchObject({ close: 106.99, closeUsd: 106.99, source: 'stooq' });
});

it('reports an unknown symbol, a garbled body and a timeout as errors and stores nothing', async () => {
  await db.company.delete({ where: { id: metaplanet } });
  server.routes.set('/v8/finance/chart/MSTR', () => ({ status: 404, headers: jsonHeaders, body: readFixture('yahoo/chart.not-found.constructed.json') }));
  const notFound = await run('equity-prices');
  expect(notFound).toMatchObject({ status: 'error', itemsAdded: 0 });
  expect(notFound.message).toMatch(/^0 new closes from yahoo-chart for 0 of 1 due company \(up to 2026-02-06\); could not read Strategy \(MSTR\): GET http:\/\/127\.0\.0\.1:\d+\/v8\/finance\/chart\/MSTR\?.* answered 404 Not Found/);

  resetEquityPricesState();
  // Half a body: the JSON breaks off in the middle of the closes.
  server.routes.set('/v8/finance/chart/MSTR', () => ({ headers: jsonHeaders, body: readFixture('yahoo/chart.MSTR.constructed.json').subarray(0, 400) }));
  const garbled = await run('equity-prices');
  expect(garbled).toMatchObject({ status: 'error', message: expect.stringMatching(/did not return JSON/) });

  resetEquityPricesState();
  server.routes.set('/v8/finance/chart/MSTR', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1500).unref());
    return { headers: jsonHeaders, body: readFixture('yahoo/chart.MSTR.constructed.json') };
  });
  process.env.INGEST_HTTP_TIMEOUT_MS = '300';
  const slow = await run('equity-prices');
  expect(slow).toMatchObject({ status: 'error', message: expect.stringMatching(/timed out after 300 ms/) });

  expect(await db.equityPrice.count()).toBe(0);
  expect(changed).toEqual([]);
  expect(await db.refreshLog.findMany({ select: { source: true, status: true } })).toEqual([
    { source: 'equity-prices', status: 'error' },
    { source: 'equity-prices', status: 'error' },
    { source: 'equity-prices', status: 'error' },
  ]);
  expect((await db.dataSource.findUniqueOrThrow({ where: { key: 'equity-prices' } })).lastError).toMatch(/timed out/);
});

it('on schedule, reads the others when one listing fails and tries that one again an hour later', async () => {
  server.routes.set('/v8/finance/chart/MSTR', () => ({ status: 404, headers: jsonHeaders, body: readFixture('yahoo/chart.not-found.constructed.json') }));
  const at = (time: string) => () => new Date(`2026-02-07T${time}:00Z`);
  const scheduled = (time: string) => runIngest(db, { sources: ['equity-prices'], bus, kind: 'scheduled', now: at(time), onHoldingsChanged }).then(([result]) => result!);

  const first = await scheduled('12:00');
  expect(first).toMatchObject({ status: 'ok', itemsAdded: 5, message: expect.stringContaining('5 new closes from yahoo-chart for 1 of 2 due companies (up to 2026-02-06); could not read Strategy (MSTR)') });
  expect(await scheduled('12:30')).toMatchObject({ status: 'ok', itemsAdded: 0, message: expect.stringMatching(/^No company is due for a price check/) });

  server.routes.set('/v8/finance/chart/MSTR', () => ({ headers: jsonHeaders, body: readFixture('yahoo/chart.MSTR.constructed.json') }));
  expect(await scheduled('13:01')).toMatchObject({ status: 'ok', itemsAdded: 5, message: expect.stringMatching(/^5 new closes from yahoo-chart for 1 of 1 due company/) });
  expect(server.requests.map((request) => request.path)).toEqual(['/v8/finance/chart/MSTR', '/v8/finance/chart/3350.T', '/v8/finance/chart/MSTR']);
});

it('reports a garbled ECB file, a 404 and a timeout as errors and stores no rate', async () => {
  server.routes.set('/ecb/eurofxref-hist-90d.xml', () => ({ headers: xmlHeaders, body: '<html><body>Service temporarily unavailable</body></html>' }));
  const result = await run('fx-rates');
  expect(result).toMatchObject({ status: 'error', itemsAdded: 0, message: expect.stringContaining('eurofxref-hist-90d.xml: The body is not an ECB reference-rates envelope.') });

  server.routes.delete('/ecb/eurofxref-hist-90d.xml');
  expect(await run('fx-rates')).toMatchObject({ status: 'error', message: expect.stringMatching(/eurofxref-hist-90d\.xml answered 404 Not Found$/) });

  server.routes.set('/ecb/eurofxref-hist-90d.xml', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1500).unref());
    return { headers: xmlHeaders, body: readFixture('ecb/eurofxref-hist-90d.constructed.xml') };
  });
  process.env.INGEST_HTTP_TIMEOUT_MS = '300';
  expect(await run('fx-rates')).toMatchObject({ status: 'error', message: expect.stringMatching(/timed out after 300 ms/) });
  expect(await db.fxRate.count()).toBe(0);
});

it('is scheduled with the other sources', () => {
  process.env.INGEST_ENABLED = 'true';
  const cadence = Object.fromEntries(ingestJobs({ bus }).map((job) => [job.name, job.everyMs]));
  expect(cadence).toMatchObject({
    'ingest-equity-prices': 5 * 60_000,
    'ingest-fx-rates': 6 * 3_600_000,
    'ingest-sec-companyfacts': 5 * 60_000,
    'ingest-coingecko-treasury': 24 * 3_600_000,
  });
});
