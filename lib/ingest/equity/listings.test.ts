import fs from 'node:fs';
import path from 'node:path';
import { dataSourceCatalogue } from '../../data-sources/catalogue';
import { baseTicker, stooqSymbol, yahooSymbol } from './listings';

const listing = (ticker: string, exchange: string, country: string | null = null) => ({ ticker, exchange, country });

it('maps each market we track to its Yahoo suffix and currency', () => {
  expect(yahooSymbol(listing('MSTR', 'NASDAQ'))).toEqual({ symbol: 'MSTR', currency: 'USD' });
  expect(yahooSymbol(listing('3350.T', 'TYO'))).toEqual({ symbol: '3350.T', currency: 'JPY' });
  expect(yahooSymbol(listing('2338', 'TSE', 'JP'))).toEqual({ symbol: '2338.T', currency: 'JPY' });
  expect(yahooSymbol(listing('SATS', 'LSE'))).toEqual({ symbol: 'SATS.L', currency: 'GBP' });
  expect(yahooSymbol(listing('SWC.AQ', 'AQSE'))).toEqual({ symbol: 'SWC.AQ', currency: 'GBP' });
  expect(yahooSymbol(listing('BTC-B', 'STO'))).toEqual({ symbol: 'BTC-B.ST', currency: 'SEK' });
  expect(yahooSymbol(listing('8005', 'HKSE'))).toEqual({ symbol: '8005.HK', currency: 'HKD' });
  expect(yahooSymbol(listing('0434.HK', 'HKEX'))).toEqual({ symbol: '0434.HK', currency: 'HKD' });
  expect(yahooSymbol(listing('BTCT.V', 'TSXV'))).toEqual({ symbol: 'BTCT.V', currency: 'CAD' });
  expect(yahooSymbol(listing('WNDR', 'TSX'))).toEqual({ symbol: 'WNDR.TO', currency: 'CAD' });
  expect(yahooSymbol(listing('DIGI', 'CSE'))).toEqual({ symbol: 'DIGI.CN', currency: 'CAD' });
  expect(yahooSymbol(listing('L5L', 'FSE'))).toEqual({ symbol: 'L5L.F', currency: 'EUR' });
  expect(yahooSymbol(listing('ALCPB', 'EPA'))).toEqual({ symbol: 'ALCPB.PA', currency: 'EUR' });
  expect(yahooSymbol(listing('NTHOL TI', 'IST'))).toEqual({ symbol: 'NTHOL.IS', currency: 'TRY' });
});

it('reports what it cannot place instead of guessing', () => {
  expect(yahooSymbol(listing('377030', 'KRX'))).toEqual({ unsupported: 'no Yahoo market is known for exchange KRX' });
  expect(yahooSymbol(listing('DE000A0M93V6', 'XETRA'))).toEqual({ unsupported: 'ticker DE000A0M93V6 is not a XETRA code' });
  // Meitu's row names its ticker "HKD", which is not a Hong Kong stock code.
  expect(yahooSymbol(listing('HKD', 'HKG'))).toEqual({ unsupported: 'ticker HKD is not a HKG code' });
});

it('maps the Stooq markets and only those', () => {
  expect(stooqSymbol(listing('MSTR', 'NASDAQ'))).toEqual({ symbol: 'mstr.us', currency: 'USD' });
  expect(stooqSymbol(listing('3350.T', 'TYO'))).toEqual({ symbol: '3350.jp', currency: 'JPY' });
  expect(stooqSymbol(listing('0434.HK', 'HKEX'))).toEqual({ symbol: '434.hk', currency: 'HKD' });
  expect(stooqSymbol(listing('SATS', 'LSE'))).toEqual({ symbol: 'sats.uk', currency: 'GBP' });
  expect(stooqSymbol(listing('BTC-B', 'STO'))).toEqual({ unsupported: 'Stooq carries no market for exchange STO' });
});

it('strips a suffix the stored ticker already carries', () => {
  expect(['3350.T', '0434.HK', 'BTCT.V', 'SWC.AQ', 'ISP.MI', 'NTHOL TI', 'MSTR', 'BTC-B'].map(baseTicker)).toEqual(['3350', '0434', 'BTCT', 'SWC', 'ISP', 'NTHOL', 'MSTR', 'BTC-B']);
});

it('covers most of the seeded listings and every US one, as the data-source catalogue says', () => {
  const csv = fs.readFileSync(path.resolve(__dirname, '../../../prisma/seed-data/treasury-companies.csv'), 'utf8').trim().split('\n').slice(1);
  // ticker and exchange are the 2nd and 3rd columns; a name with a comma is quoted.
  const rows = csv.map((line) => {
    const cells = line.startsWith('"') ? line.replace(/^"[^"]*"/, 'name').split(',') : line.split(',');
    return listing(cells[1]!, cells[2]!, cells[3] || null);
  });
  expect(rows).toHaveLength(157);
  const mapped = rows.map((row) => ({ row, result: yahooSymbol(row) }));
  const us = mapped.filter(({ row }) => ['NASDAQ', 'NYSE', 'OTCMKTS', 'OTC', 'OTCQX', 'OTCID'].includes(row.exchange));
  expect(us.every(({ result }) => 'symbol' in result)).toBe(true);
  const covered = mapped.filter(({ result }) => 'symbol' in result).length;
  expect(covered / rows.length).toBeGreaterThan(0.85);
  expect(dataSourceCatalogue.find((source) => source.key === 'equity-prices')?.coverage).toBe(Math.round((covered / rows.length) * 100));
});
