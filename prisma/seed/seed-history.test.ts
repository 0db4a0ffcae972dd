import {
  classifyZeroRows,
  deriveBtcPrices,
  normaliseListing,
  planHoldingHistory,
  readHoldingHistory,
  resolveListing,
  type CompanyRef,
  type HistoryRow,
} from './seed-history';

const header = 'Entity,Country,Symbol:Exchange,Filings & Sources,# of BTC,Value Today,% of 21m,Scrape Date,BTC Change,Value Change';

function row(date: string, listing: string, btc: number, entity = listing, valueToday = 1): HistoryRow {
  return { line: 0, date, entity, listing, btc, valueToday, hasFiling: true, ...normaliseListing(listing) };
}

describe('normaliseListing', () => {
  it.each([
    ['MSTR:NADQ', 'MSTR', 'NASDAQ'],
    ['KULR:Nasdaq', 'KULR', 'NASDAQ'],
    ['BTGGF:TCMKTS', 'BTGGF', 'OTCMKTS'],
    ['HARY:CSE:', 'HARY', 'CSE'],
    ['ST:FRAG', 'FRAG', 'STO'],
    ['0434.HK:HKEX', '0434.HK', 'HKEX'],
    ['JPEG:CBOE CA', 'JPEG', 'CBOE CA'],
    ['BTC-B:STO', 'BTC-B', 'STO'],
  ])('reads %s as %s on %s, as the companies file does', (listing, ticker, exchange) => {
    expect(normaliseListing(listing)).toEqual({ ticker, exchange });
  });

  it('refuses a symbol without an exchange', () => {
    expect(() => normaliseListing('MSTR', 7)).toThrow('Line 7: Symbol:Exchange "MSTR" has no exchange');
  });
});

describe('resolveListing', () => {
  it('follows renamed listings to the company they became', () => {
    expect(resolveListing({ ticker: 'VLCN', exchange: 'NASDAQ' })).toBe('EMPD:NASDAQ');
    expect(resolveListing({ ticker: 'BRPHF', exchange: 'OTCMKTS' })).toBe('GLXY:NASDAQ');
    expect(resolveListing({ ticker: 'AGRI', exchange: 'NASDAQ' })).toBe('AVX:NASDAQ');
  });

  it('does not treat an acquisition as a rename', () => {
    expect(resolveListing({ ticker: 'SMLR', exchange: 'NASDAQ' })).toBe('SMLR:NASDAQ');
    expect(resolveListing({ ticker: 'MSTR', exchange: 'NASDAQ' })).toBe('MSTR:NASDAQ');
  });
});

describe('readHoldingHistory', () => {
  it('separates the daily totals from the company rows', () => {
    const csv = [
      header,
      'Strategy (MicroStrategy),,MSTR:NADQ,Filing,628946.0,74.65,2.995,2025-08-15,,',
      'Harrys Manufacturing Inc.,,HARY:CSE:,Filing,0.2,23738.0,0.0,2025-08-19,,',
      ',,,**Totals:**,935498.0,111.03,4.455,2025-08-15,,',
    ].join('\n');
    expect(readHoldingHistory(csv)).toEqual({
      rows: [
        { line: 2, date: '2025-08-15', entity: 'Strategy (MicroStrategy)', listing: 'MSTR:NADQ', ticker: 'MSTR', exchange: 'NASDAQ', btc: 628946, valueToday: 74.65, hasFiling: true },
        { line: 3, date: '2025-08-19', entity: 'Harrys Manufacturing Inc.', listing: 'HARY:CSE:', ticker: 'HARY', exchange: 'CSE', btc: 0.2, valueToday: 23738, hasFiling: true },
      ],
      totals: [{ date: '2025-08-15', btc: 935498, valueToday: 111.03 }],
    });
  });

  it('refuses a row whose figure is not a quantity, naming its line', () => {
    const csv = `${header}\nStrategy,,MSTR:NADQ,Filing,many,74.65,2.995,2025-08-15,,`;
    expect(() => readHoldingHistory(csv)).toThrow('Line 2: # of BTC "many" is not a quantity');
  });

  it('refuses a row without a scrape date', () => {
    const csv = `${header}\nStrategy,,MSTR:NADQ,Filing,1.0,74.65,2.995,,,`;
    expect(() => readHoldingHistory(csv)).toThrow('Line 2: Scrape Date "" is not a date');
  });
});

describe('classifyZeroRows', () => {
  it('calls a zero between two non-zero days a parsing gap', () => {
    expect(classifyZeroRows([5, 0, 5])).toEqual(new Map([[1, 'zero-gap']]));
    expect(classifyZeroRows([5, 0, 0, 6])).toEqual(new Map([[1, 'zero-gap'], [2, 'zero-gap']]));
  });

  it('leaves a zero with no non-zero day on one side unconfirmed', () => {
    expect(classifyZeroRows([5, 5, 0])).toEqual(new Map([[2, 'unconfirmed-zero']]));
    expect(classifyZeroRows([0, 5])).toEqual(new Map([[0, 'unconfirmed-zero']]));
    expect(classifyZeroRows([0, 0])).toEqual(new Map([[0, 'unconfirmed-zero'], [1, 'unconfirmed-zero']]));
  });

  it('finds nothing in a series without zeros', () => {
    expect(classifyZeroRows([1, 2, 3]).size).toBe(0);
  });
});

describe('planHoldingHistory', () => {
  const companies: CompanyRef[] = [
    { id: 'mstr', name: 'Strategy (MicroStrategy)', ticker: 'MSTR', exchange: 'NASDAQ' },
    { id: 'empd', name: 'Empery Digital (Formerly: Volcon)', ticker: 'EMPD', exchange: 'NASDAQ' },
    { id: 'sato', name: 'Canada Computational Unlimited Corp.', ticker: 'SATO', exchange: 'TSXV' },
    { id: 'gap', name: 'Gap Co', ticker: 'GAP', exchange: 'NYSE' },
    { id: 'hut', name: 'Hut 8 Corp', ticker: 'HUT', exchange: 'NASDAQ' },
  ];

  it('records one snapshot a day and a change only when the figure moves', () => {
    const plan = planHoldingHistory(
      [row('2025-08-15', 'MSTR:NADQ', 628946), row('2025-08-16', 'MSTR:NADQ', 628946), row('2025-08-19', 'MSTR:NADQ', 629376)],
      companies,
    );
    expect(plan.snapshots).toEqual([
      { companyId: 'mstr', date: '2025-08-15', quantity: 628946 },
      { companyId: 'mstr', date: '2025-08-16', quantity: 628946 },
      { companyId: 'mstr', date: '2025-08-19', quantity: 629376 },
    ]);
    expect(plan.changes).toEqual([
      {
        companyId: 'mstr',
        date: '2025-08-19',
        oldQuantity: 628946,
        newQuantity: 629376,
        note: 'bitbo table: 628,946 BTC on 2025-08-16, 629,376 BTC on 2025-08-19.',
      },
    ]);
    expect(plan.flags.size).toBe(0);
  });

  it('joins a renamed listing to the company it became and says so in the change', () => {
    const plan = planHoldingHistory([row('2025-08-18', 'VLCN:NASDAQ', 3500.2), row('2025-08-19', 'EMPD:NASDAQ', 4051.9)], companies);
    expect(plan.snapshots.map((snapshot) => snapshot.companyId)).toEqual(['empd', 'empd']);
    expect(plan.changes).toEqual([
      {
        companyId: 'empd',
        date: '2025-08-19',
        oldQuantity: 3500.2,
        newQuantity: 4051.9,
        note: 'bitbo table: 3,500.2 BTC on 2025-08-18, 4,051.9 BTC on 2025-08-19; listed as VLCN:NASDAQ until 2025-08-18, as EMPD:NASDAQ since.',
      },
    ]);
  });

  it('skips a parsing gap instead of recording a sale and a repurchase, and flags the company', () => {
    const plan = planHoldingHistory(
      [row('2026-01-01', 'GAP:NYSE', 100), row('2026-01-02', 'GAP:NYSE', 0), row('2026-01-03', 'GAP:NYSE', 100), row('2026-01-04', 'GAP:NYSE', 0), row('2026-01-05', 'GAP:NYSE', 120)],
      companies,
    );
    expect(plan.snapshots.map((snapshot) => snapshot.date)).toEqual(['2026-01-01', '2026-01-03', '2026-01-05']);
    expect(plan.changes).toEqual([
      {
        companyId: 'gap',
        date: '2026-01-05',
        oldQuantity: 100,
        newQuantity: 120,
        note: 'bitbo table: 100 BTC on 2026-01-03, 120 BTC on 2026-01-05; ignoring 0 BTC on 2026-01-04 (parsing gap).',
      },
    ]);
    expect(plan.skipped.map((skip) => [skip.row.date, skip.reason])).toEqual([
      ['2026-01-02', 'zero-gap'],
      ['2026-01-04', 'zero-gap'],
    ]);
    expect(plan.flags.get('gap')).toEqual([
      'bitbo showed 0 BTC on 2026-01-02 between non-zero days: a parsing gap, not imported as a sale.',
      'bitbo showed 0 BTC on 2026-01-04 between non-zero days: a parsing gap, not imported as a sale.',
    ]);
  });

  it('does not import a trailing zero as a sale', () => {
    const plan = planHoldingHistory([row('2026-07-10', 'GAP:NYSE', 50), row('2026-07-11', 'GAP:NYSE', 0)], companies);
    expect(plan.snapshots).toHaveLength(1);
    expect(plan.changes).toEqual([]);
    expect(plan.flags.get('gap')).toEqual([
      'bitbo showed 0 BTC on 2026-07-11 with no non-zero figure on one side: not imported until a filing confirms it.',
    ]);
  });

  it("keeps the seeded company's row when two entities share a listing, and flags it", () => {
    const plan = planHoldingHistory(
      [row('2025-08-15', 'SATO:TSXV', 24, 'SATO Technologies Corp.'), row('2025-08-15', 'SATO:TSXV', 75, 'Canada Computational Unlimited Corp.')],
      companies,
    );
    expect(plan.snapshots).toEqual([{ companyId: 'sato', date: '2025-08-15', quantity: 75 }]);
    expect(plan.skipped.map((skip) => [skip.row.entity, skip.reason])).toEqual([['SATO Technologies Corp.', 'duplicate-listing']]);
    expect(plan.flags.get('sato')?.[0]).toContain('bitbo also lists "SATO Technologies Corp." under SATO:TSXV');
  });

  it('reports rows of companies that are not seeded', () => {
    const plan = planHoldingHistory([row('2025-08-15', 'WULF:NASDAQ', 0), row('2026-07-11', 'HUT:NASDAQ', 15679)], companies);
    expect(plan.skipped.map((skip) => [skip.row.listing, skip.reason])).toEqual([['WULF:NASDAQ', 'unknown-company']]);
    expect(plan.flags.size).toBe(0);
  });

  it('quarantines a figure a plausibility check rejects: stored, but no change, and the company flagged while it is current', () => {
    const plan = planHoldingHistory(
      [
        row('2025-08-15', 'MSTR:NADQ', 1000),
        { ...row('2025-08-16', 'MSTR:NADQ', 1500), hasFiling: false },
        row('2025-08-17', 'MSTR:NADQ', 1500),
        { ...row('2025-08-18', 'MSTR:NADQ', 2500), hasFiling: false },
      ],
      companies,
    );
    expect(plan.snapshots.map((snapshot) => [snapshot.date, snapshot.quarantine?.check ?? null])).toEqual([
      ['2025-08-15', null],
      ['2025-08-16', 'unfiled-change'],
      ['2025-08-17', null],
      ['2025-08-18', 'unfiled-change'],
    ]);
    expect(plan.changes.map((change) => [change.date, change.oldQuantity, change.newQuantity])).toEqual([['2025-08-17', 1000, 1500]]);
    expect(plan.flagChecks.get('mstr')).toBe('unfiled-change');
    expect(plan.flags.get('mstr')?.[0]).toMatch(/^Quarantined: .* changed from 1,500 BTC \(2025-08-17\) to 2,500 BTC \(2025-08-18\) with no filing/);
  });
});

describe('deriveBtcPrices', () => {
  it("prices BTC from the largest holder's value in billions (2025-08-15, by hand)", () => {
    // 74.65e9 ÷ 628,946: 628,946 × 118,690 = 74,649,600,740; the remaining 399,260 ÷ 628,946 = 0.63.
    const prices = deriveBtcPrices([
      row('2025-08-15', 'MARA:NADQ', 50639, 'Marathon', 6.01),
      row('2025-08-15', 'MSTR:NADQ', 628946, 'Strategy', 74.65),
      row('2025-08-15', 'HARY:CSE:', 0.2, 'Harrys', 23738),
    ]);
    expect(prices).toEqual([{ date: '2025-08-15', priceUsd: 118690.63, listing: 'MSTR:NADQ', unit: 'billions' }]);
  });

  it('recognises the days the table printed values in dollars (2026-02-14, by hand)', () => {
    // 49,205,540,553 ÷ 714,644: 714,644 × 68,853 = 49,205,383,332; the remaining 157,221 ÷ 714,644 = 0.22.
    expect(deriveBtcPrices([row('2026-02-14', 'MSTR:NADQ', 714644, 'Strategy', 49205540553)])).toEqual([
      { date: '2026-02-14', priceUsd: 68853.22, listing: 'MSTR:NADQ', unit: 'dollars' },
    ]);
  });

  it('reads a value in millions when that is the only plausible unit', () => {
    // 692.32e6 ÷ 5,833: 5,833 × 118,690 = 692,318,770; the remaining 1,230 ÷ 5,833 = 0.21.
    expect(deriveBtcPrices([row('2025-08-15', 'NXTT:NASDAQ', 5833, 'Next Technology', 692.32)])[0]).toMatchObject({ priceUsd: 118690.21, unit: 'millions' });
  });

  it('refuses a value no unit turns into a plausible price', () => {
    expect(() => deriveBtcPrices([row('2025-08-15', 'MSTR:NADQ', 628946, 'Strategy', 0.0001)])).toThrow('gives no plausible BTC price');
  });
});
