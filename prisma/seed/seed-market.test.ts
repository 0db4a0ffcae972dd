import fs from 'node:fs';
import path from 'node:path';
import { filingOf, fxFileName, listingOfHistoryFile, marketSeedDir, readEcbRates, readEquitySnapshots, readSplits, readStrategyFile, sourceOf, strategyFileName } from './seed-market';
import { isoDay } from '../../lib/dates';

describe('market seed parsing', () => {
  it('reads the form, accession and filing date a note cites', () => {
    expect(filingOf('10-K FY2025 cover page dei:EntityCommonStockSharesOutstanding, acc 0001507605-26-000007')).toEqual({
      form: '10-K',
      accession: '0001507605-26-000007',
      filedAt: null,
    });
    expect(filingOf('us-gaap:Cash, 10-Q acc 0001193125-25-262568 filed 2025-11-03')).toEqual({ form: '10-Q', accession: '0001193125-25-262568', filedAt: '2025-11-03' });
    expect(filingOf('company website')).toEqual({ form: null, accession: '', filedAt: null });
  });

  it('names the listing of a price-history file, dots in tickers included', () => {
    expect(listingOfHistoryFile('3350.T.TYO.csv')).toEqual({ ticker: '3350.T', exchange: 'TYO' });
    expect(listingOfHistoryFile('CEPO.NASDAQ.yfinance.csv')).toEqual({ ticker: 'CEPO', exchange: 'NASDAQ' });
    expect(listingOfHistoryFile('BTC-USD.csv')).toBeNull();
    expect(sourceOf('Sashamine/dat-tracker-next@c0c17e00 data/stock-prices/ABTC.json (daily rows only)')).toBe('Sashamine/dat-tracker-next@c0c17e00 data/stock-prices/ABTC.json');
  });

  it('splits the snapshot file into closes and fundamentals and refuses a malformed row', () => {
    const csv = [
      'ticker,exchange,date,field,value,unit,currency,source,notes',
      'X,NASDAQ,2026-07-10,close_price,3.5,per_share,USD,repo@1 path,',
      'X,NASDAQ,2026-02-01,shares_outstanding_basic,1000,shares,,repo@1 path,"10-Q acc 0000000000-26-000001"',
      'X,NASDAQ,2026-07-11,btc_holdings,5,BTC,,repo@1 path,',
    ].join('\n');
    const { prices, fundamentals } = readEquitySnapshots(csv);
    expect(prices).toEqual([{ ticker: 'X', exchange: 'NASDAQ', date: '2026-07-10', close: 3.5, currency: 'USD', source: 'repo@1 path', notes: null }]);
    expect(fundamentals[0]).toMatchObject({ field: 'shares_outstanding_basic', value: 1000, asOf: '2026-02-01', form: '10-Q', accession: '0000000000-26-000001' });
    expect(() => readEquitySnapshots(csv.replace('3.5', 'n/a'))).toThrow(/not a number/);
    expect(() => readEquitySnapshots(csv.replace('close_price', 'price_target'))).toThrow(/unknown field/);
  });

  it("skips the intraday row of Strategy's file and keeps the daily capital structure", () => {
    const seeds = readStrategyFile(fs.readFileSync(path.join(marketSeedDir, strategyFileName), 'utf8'));
    expect(seeds.some((seed) => seed.asOf === '2026-06-29')).toBe(false);
    const june26 = seeds.filter((seed) => seed.asOf === '2026-06-26');
    expect(Object.fromEntries(june26.map((seed) => [seed.field, seed.value]))).toEqual({
      market_cap: 29540400520,
      total_debt: 6754000000,
      preferred_equity: 15466860900,
      cash: 1400000000,
    });
  });

  it('encodes the source README split caveats', () => {
    const splits = readSplits(fs.readFileSync(path.join(marketSeedDir, 'splits.csv'), 'utf8'));
    expect(splits.map((split) => split.ticker).sort()).toEqual(['ABTC', 'ASST', 'GDC', 'NAKA', 'NXTT']);
    expect(splits.find((split) => split.ticker === 'ASST')).toMatchObject({ after: '2026-02-05', before: '2026-02-11', ratio: 0.05 });
  });
});

describe('ECB reference rates of the seed', () => {
  it('crosses each day through the euro to US dollars per unit, EUR included', () => {
    const csv = ['date,currency,per_eur,source', '2026-02-05,USD,1.1795,repo@1 f', '2026-02-05,JPY,184.8,repo@1 f', '2026-02-06,JPY,185.0,repo@1 f'].join('\n');
    const rates = readEcbRates(csv);
    // 2026-02-06 has no USD rate, so nothing can be crossed on that day.
    expect(rates.map((rate) => [rate.currency, isoDay(rate.date)])).toEqual([
      ['EUR', '2026-02-05'],
      ['JPY', '2026-02-05'],
    ]);
    expect(rates[0]!.usdPerUnit).toBe(1.1795);
    expect(rates[1]!.usdPerUnit).toBeCloseTo(1.1795 / 184.8, 12);
    expect(() => readEcbRates(csv.replace('184.8', 'N/A'))).toThrow(/not a number/);
  });

  it('reads the whole shipped file: 15 currencies a day, each day with its USD row', () => {
    const rates = readEcbRates(fs.readFileSync(path.join(marketSeedDir, fxFileName), 'utf8'));
    const days = new Set(rates.map((rate) => rate.date.getTime()));
    // 15 currencies per day: USD is the cross itself, EUR is added.
    expect(rates.length).toBe(days.size * 15);
    expect(days.size).toBe(651);
  });
});
