import { readFixture } from '@/test/support/edgar';
import { parseStooqCsv } from './stooq';
import { parseYahooChart } from './yahoo';
import { isoDay } from '../../dates';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const json = (name: string) => JSON.parse(readFixture(name).toString('utf8')) as unknown;
const window = { currency: 'USD', from: day('2026-01-31'), to: day('2026-02-06') };

it('dates each close by the session day in the exchange time zone', () => {
  // Constructed chart v8 body with real closes (test/fixtures/README.md).
  expect(parseYahooChart(json('yahoo/chart.MSTR.constructed.json'), window)).toEqual([
    { date: day('2026-02-02'), close: 139.63, currency: 'USD' },
    { date: day('2026-02-03'), close: 133.26, currency: 'USD' },
    { date: day('2026-02-04'), close: 129.09, currency: 'USD' },
    { date: day('2026-02-05'), close: 106.99, currency: 'USD' },
    { date: day('2026-02-06'), close: 134.93, currency: 'USD' },
  ]);
  // Tokyo sessions open at 00:00 UTC: the local day, not the UTC one before it.
  const tokyo = parseYahooChart(json('yahoo/chart.3350.T.constructed.json'), { ...window, currency: 'JPY' });
  expect(tokyo.map((close) => [isoDay(close.date), close.close, close.currency])).toEqual([
    ['2026-02-02', 402, 'JPY'],
    ['2026-02-03', 406, 'JPY'],
    ['2026-02-04', 390, 'JPY'],
    ['2026-02-05', 360, 'JPY'],
    ['2026-02-06', 340, 'JPY'],
  ]);
});

it('keeps the window, skips null closes and turns pence into pounds', () => {
  const body = {
    chart: {
      result: [
        {
          meta: { currency: 'GBp', exchangeTimezoneName: 'Europe/London', gmtoffset: 0 },
          timestamp: [1738656000, 1738742400, 1738828800],
          indicators: { quote: [{ close: [1250.5, null, 1300] }] },
        },
      ],
      error: null,
    },
  };
  expect(parseYahooChart(body, { currency: 'GBP', from: day('2025-02-04'), to: day('2025-02-05') })).toEqual([{ date: day('2025-02-04'), close: 12.505, currency: 'GBP' }]);
});

it('refuses an error answer and a body of another shape', () => {
  expect(() => parseYahooChart(json('yahoo/chart.not-found.constructed.json'), window)).toThrow('The chart API answered Not Found: No data found, symbol may be delisted.');
  expect(() => parseYahooChart({ quoteResponse: {} }, window)).toThrow('not in the chart v8 shape');
  const uneven = { chart: { result: [{ meta: {}, timestamp: [1, 2], indicators: { quote: [{ close: [1] }] } }], error: null } };
  expect(() => parseYahooChart(uneven, window)).toThrow('more timestamps than closes');
});

it('reads a Stooq CSV, and its "No data" answer as no closes', () => {
  const closes = parseStooqCsv(readFixture('stooq/mstr.us.constructed.csv').toString('utf8'), { symbol: 'mstr.us', ...window });
  expect(closes).toHaveLength(5);
  expect(closes[4]).toEqual({ date: day('2026-02-06'), close: 134.93, currency: 'USD' });
  expect(parseStooqCsv('No data', { symbol: 'mstr.us', ...window })).toEqual([]);
  expect(parseStooqCsv('Date,Close\n2026-02-03,1250', { symbol: 'sats.uk', currency: 'GBP', from: window.from, to: window.to })).toEqual([
    { date: day('2026-02-03'), close: 12.5, currency: 'GBP' },
  ]);
  expect(() => parseStooqCsv('<html>captcha</html>', { symbol: 'mstr.us', ...window })).toThrow('not a daily CSV');
});
