import { db } from '../../db';
import { impliedPriceSource } from '../../../prisma/seed/seed-history';
import { MemoryBus } from '../../realtime/bus';
import type { RealtimeEvent } from '../../realtime/channels';
import { resetDatabase } from '@/test/support/database';
import { runIngest } from '../run';
import { jsonHeaders, readFixture } from '@/test/support/edgar';
import { startReplayServer, type ReplayServer } from '@/test/support/replay-server';
import { resetMarketState } from './prices-ingester';

// A CoinGecko-style API replayed locally. /simple/price with every include_* field and
// /coins/{id}/market_chart have no real capture (test/fixtures/README.md); both bodies were
// constructed from the documented shapes. The minimal real capture is used below too.

jest.setTimeout(30_000);

const savedEnv = { ...process.env };
let server: ReplayServer;
let bus: MemoryBus;
let events: RealtimeEvent[];

beforeEach(async () => {
  await resetDatabase();
  resetMarketState();
  bus = new MemoryBus();
  events = [];
  // What was published, without the id the bus's log gave it.
  bus.subscribe(({ type, data }) => events.push({ type, data }));
  server = await startReplayServer({
    '/api/v3/simple/price': () => ({ headers: jsonHeaders, body: readFixture('coingecko/simple-price.bitcoin-ethereum.constructed.json') }),
    '/api/v3/coins/bitcoin/market_chart': () => ({ headers: jsonHeaders, body: readFixture('coingecko/market-chart.bitcoin.constructed.json') }),
    '/api/v3/coins/ethereum/market_chart': () => ({ headers: jsonHeaders, body: readFixture('coingecko/market-chart.ethereum.constructed.json') }),
  });
  Object.assign(process.env, { COINGECKO_BASE_URL: `${server.url}/api/v3`, COINGECKO_API_KEY: 'demo-key-for-tests', MARKET_HISTORY_DAYS: '365' });
});

afterEach(async () => {
  process.env = { ...savedEnv };
  await server.close();
});

it('stores BTC and ETH prices and their history, publishes market_update, and stores nothing twice', async () => {
  // An implied price from the holdings table on a day the history covers: the market feed replaces it.
  await db.marketPrice.create({ data: { symbol: 'BTC', priceUsd: 90000, at: new Date('2026-01-09T00:00:00Z'), source: impliedPriceSource } });

  const [result] = await runIngest(db, { sources: ['market-prices'], bus });

  expect(result).toMatchObject({ source: 'market-prices', status: 'ok', itemsAdded: 11 });
  expect(result!.message).toBe('2 new prices (BTC $91,520.17, ETH $3,121.44); 9 history points stored for the last 365 days');
  expect(server.requests.map((request) => `${request.path}?${request.query}`)).toEqual([
    '/api/v3/simple/price?ids=bitcoin%2Cethereum&vs_currencies=usd&include_24hr_change=true&include_market_cap=true&include_24hr_vol=true&include_last_updated_at=true',
    '/api/v3/coins/bitcoin/market_chart?vs_currency=usd&days=365',
    '/api/v3/coins/ethereum/market_chart?vs_currency=usd&days=365',
  ]);
  expect(server.requests.every((request) => request.headers['x-cg-demo-api-key'] === 'demo-key-for-tests')).toBe(true);

  expect(await db.marketPrice.findUnique({ where: { symbol_at: { symbol: 'BTC', at: new Date('2026-01-12T16:30:00Z') } } })).toMatchObject({
    priceUsd: 91520.17,
    marketCapUsd: 1826154301623.6,
    volumeUsd: 41283950112.4,
    change24hPct: -1.284,
    source: 'coingecko',
  });
  expect(await db.marketPrice.findUnique({ where: { symbol_at: { symbol: 'BTC', at: new Date('2026-01-09T00:00:00Z') } } })).toMatchObject({ priceUsd: 91877, source: 'coingecko' });
  expect(await db.marketPrice.count({ where: { symbol: 'BTC' } })).toBe(5);
  expect(await db.marketPrice.count({ where: { symbol: 'ETH' } })).toBe(6);

  expect(events).toEqual([
    {
      type: 'market_update',
      data: {
        bitcoin: { symbol: 'BTC', price: 91520.17, change24h: -1.284, marketCap: 1826154301623.6, volume24h: 41283950112.4, updatedAt: '2026-01-12T16:30:00.000Z', source: 'coingecko' },
        ethereum: expect.objectContaining({ symbol: 'ETH', price: 3121.44, updatedAt: '2026-01-12T16:29:55.000Z' }),
      },
    },
  ]);
  expect(await db.dataSource.findUniqueOrThrow({ where: { key: 'market-prices' } })).toMatchObject({ lastError: null, itemsIngested: 11, lastSuccessAt: expect.any(Date) });

  // CoinGecko has not moved: nothing new, no event, no second backfill today.
  events.length = 0;
  const [again] = await runIngest(db, { sources: ['market-prices'], bus });
  expect(again).toMatchObject({ status: 'ok', itemsAdded: 0, message: '0 new prices (BTC $91,520.17, ETH $3,121.44)' });
  expect(events).toEqual([]);
  expect(server.requests).toHaveLength(4);
});

it('reads the minimal answer (real capture) and times it itself', async () => {
  server.routes.set('/api/v3/simple/price', () => ({ headers: jsonHeaders, body: readFixture('coingecko/simple-price.bitcoin-usd.capture-2024-01.json') }));
  const now = new Date('2026-01-12T16:30:00.250Z');
  const [result] = await runIngest(db, { sources: ['market-prices'], bus, now: () => now });
  expect(result).toMatchObject({ status: 'ok' });
  expect(await db.marketPrice.findMany({ where: { symbol: 'BTC', source: 'coingecko', at: new Date('2026-01-12T16:30:00Z') } })).toEqual([
    expect.objectContaining({ priceUsd: 42317, change24hPct: null }),
  ]);
});

it('records an unreachable API as an error without throwing', async () => {
  const closed = `${server.url}/api/v3`;
  await server.close();
  process.env.COINGECKO_BASE_URL = closed;
  const [result] = await runIngest(db, { sources: ['market-prices'], bus });
  expect(result).toMatchObject({ source: 'market-prices', status: 'error', itemsAdded: 0, message: expect.stringMatching(/ECONNREFUSED/) });
  expect(await db.dataSource.findUniqueOrThrow({ where: { key: 'market-prices' } })).toMatchObject({ lastSuccessAt: null, lastError: result!.message });
  expect(await db.refreshLog.findMany()).toEqual([expect.objectContaining({ source: 'market-prices', status: 'error' })]);
  server = await startReplayServer();
});
