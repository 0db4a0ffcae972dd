import { indexToCommonStart, readCompareQuery } from './compare';
import { SlugIndex, type Listing } from './slugs';

const listing = (id: string, ticker: string, exchange: string): Listing => ({ id, name: id, ticker, exchange, flagCheck: null, notes: null });
const index = new SlugIndex([listing('mstr', 'MSTR', 'NASDAQ'), listing('mara', 'MARA', 'NASDAQ'), listing('coin', 'COIN', 'NASDAQ'), listing('coinsilium', 'COIN', 'AQUIS'), listing('asst', 'ASST', 'NASDAQ'), listing('xxi', 'XXI', 'NASDAQ')]);

describe('readCompareQuery', () => {
  it('keeps the companies in the order asked, canonical and once, with the picker’s addition', () => {
    expect(readCompareQuery({ tickers: 'mstr, MARA,MSTR', add: 'coin.nasdaq', window: '90' }, index)).toEqual({
      companies: [{ id: 'mstr', slug: 'MSTR' }, { id: 'mara', slug: 'MARA' }, { id: 'coin', slug: 'COIN.NASDAQ' }],
      problems: [],
      window: '90',
    });
  });

  it('says which tickers are unknown or ambiguous instead of failing, and defaults the window', () => {
    const selection = readCompareQuery({ tickers: 'MSTR,NOPE,COIN', window: 'forever' }, index);
    expect(selection.companies).toEqual([{ id: 'mstr', slug: 'MSTR' }]);
    expect(selection.problems).toEqual([
      { slug: 'NOPE', message: 'NOPE: no tracked company has this ticker.' },
      { slug: 'COIN', message: 'COIN names more than one company: choose COIN.AQUIS or COIN.NASDAQ.', candidates: ['COIN.AQUIS', 'COIN.NASDAQ'] },
    ]);
    expect(selection.window).toBe('365');
  });

  it('keeps four companies and names the ones left out', () => {
    const selection = readCompareQuery({ tickers: 'MSTR,MARA,ASST,XXI,COIN.AQUIS' }, index);
    expect(selection.companies.map((company) => company.slug)).toEqual(['MSTR', 'MARA', 'ASST', 'XXI']);
    expect(selection.problems).toEqual([{ slug: '', message: 'At most 4 companies side by side: COIN.AQUIS left out.' }]);
  });
});

describe('indexToCommonStart', () => {
  const a = [
    { date: '2026-01-01', value: 10 },
    { date: '2026-03-01', value: 20 },
    { date: '2026-05-01', value: 30 },
  ];
  const b = [
    { date: '2026-02-01', value: 4 },
    { date: '2026-04-01', value: 2 },
  ];

  it('starts where every series has a value and indexes each to 100 there, carrying values forward', () => {
    const { start, rows } = indexToCommonStart({ a, b }, 'all');
    expect(start).toBe('2026-02-01');
    expect(rows).toEqual([
      { date: '2026-02-01', a: 100, b: 100 },
      { date: '2026-03-01', a: 200, b: 100 },
      { date: '2026-04-01', a: 200, b: 50 },
      { date: '2026-05-01', a: 300, b: 50 },
    ]);
  });

  it('starts at the window’s first day, counted back from the newest value, when every series is older', () => {
    const { start, rows } = indexToCommonStart({ a, b }, '30');
    expect(start).toBe('2026-04-01');
    expect(rows).toEqual([
      { date: '2026-04-01', a: 100, b: 100 },
      { date: '2026-05-01', a: 150, b: 100 },
    ]);
  });

  it('has no start without data', () => {
    expect(indexToCommonStart({ a: [] }, '30')).toEqual({ start: null, rows: [] });
  });
});
