import { readFixture } from '@/test/support/edgar';
import { parseMarketChart, parseSimplePrice } from './coingecko';

const json = (name: string) => JSON.parse(readFixture(`coingecko/${name}`).toString('utf8')) as unknown;

it('reads the minimal /simple/price answer (real capture, no optional fields)', () => {
  expect(parseSimplePrice(json('simple-price.bitcoin-usd.capture-2024-01.json'))).toEqual([
    { symbol: 'BTC', priceUsd: 42317, marketCapUsd: null, volumeUsd: null, change24hPct: null, at: undefined },
  ]);
});

it('reads every optional field for both coins', () => {
  // No real capture with include_* fields exists; this body follows the documented shape.
  expect(parseSimplePrice(json('simple-price.bitcoin-ethereum.constructed.json'))).toEqual([
    { symbol: 'BTC', priceUsd: 91520.17, marketCapUsd: 1826154301623.6, volumeUsd: 41283950112.4, change24hPct: -1.284, at: new Date('2026-01-12T16:30:00Z') },
    { symbol: 'ETH', priceUsd: 3121.44, marketCapUsd: 376781214882.1, volumeUsd: 19802211410.7, change24hPct: 0.512, at: new Date('2026-01-12T16:29:55Z') },
  ]);
});

it('takes a null 24 h change (a stale price) as unknown', () => {
  expect(parseSimplePrice({ bitcoin: { usd: 1, usd_24h_change: null } })[0]).toMatchObject({ change24hPct: null });
});

it('joins the market_chart series by timestamp', () => {
  // Constructed from the documented shape: daily points at 00:00 UTC, then the current one.
  const points = parseMarketChart(json('market-chart.bitcoin.constructed.json'));
  expect(points).toHaveLength(5);
  expect(points[0]).toEqual({ at: new Date('2026-01-08T00:00:00Z'), priceUsd: 90512.3, marketCapUsd: 90512.3 * 19953000, volumeUsd: 38e9 });
  expect(points.at(-1)?.at).toEqual(new Date('2026-01-12T16:30:00Z'));
});

it('refuses an error body', () => {
  expect(() => parseSimplePrice({ status: { error_code: 429, error_message: 'rate limited' } })).toThrow();
});
