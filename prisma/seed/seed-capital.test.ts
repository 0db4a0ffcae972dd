import fs from 'node:fs';
import path from 'node:path';
import { capitalSeedDir, readCapitalEvents, readInstruments, readSeniority, readShareCounts, scaled } from './seed-capital';

const read = (file: string) => fs.readFileSync(path.join(capitalSeedDir, file), 'utf8');

describe('capital seed parsing', () => {
  it('multiplies out the unit a row states and refuses an unknown one', () => {
    expect(scaled('1.1', 'USD_billions', 'x')).toBe(1_100_000_000);
    expect(scaled('40,790.4'.replace(',', ''), 'USD_millions', 'x')).toBe(40_790_400_000);
    expect(scaled('207636', 'thousand_shares', 'x')).toBe(207_636_000);
    expect(scaled('', 'USD', 'x')).toBeNull();
    expect(() => scaled('1', 'EUR_lakh', 'x')).toThrow(/unknown unit/);
  });

  it('reads every stored row, dates as days and a month-only date kept in the notes', () => {
    const instruments = readInstruments(read('instruments.csv'));
    expect(instruments).toHaveLength(57);
    expect(new Set(instruments.map((row) => row.rowKey)).size).toBe(57);
    const mercury = instruments.find((row) => row.instrumentKey.startsWith('MERCURY'))!;
    expect(mercury).toMatchObject({ sharesOutstanding: 23_610_000, sharesAsOf: null, notes: expect.stringContaining('shares as of 2026-02 (month only)') });
    expect(instruments.find((row) => row.instrumentKey.startsWith('2029 0%'))).toMatchObject({ amount: 3_000_000_000, amountAsOf: '2025-09-30', conversionPrice: 672.4 });
    const counts = readShareCounts(read('share-counts.csv'));
    expect(counts).toHaveLength(110);
    expect(counts.find((row) => row.date === '2023-12-31' && row.basis === 'assumed_diluted_strategy_kpi')).toMatchObject({ value: 207_636_000, notes: expect.stringContaining('stated in thousands (207636)') });
    const events = readCapitalEvents(read('btc-purchases.csv'));
    expect(events).toHaveLength(165);
    expect(new Set(events.map((row) => row.rowKey)).size).toBe(165);
    // "cumulative cost 42.40 USD_billions" and "40,790.4 USD_millions" are one unit once multiplied out.
    expect(events.find((row) => row.holdingsAsOf === '2025-06-29')?.cumulativeCostUsd).toBe(42_400_000_000);
  });

  it("reads each stated ranking as an observation of its instrument, the filing and date in the text, the quote in the notes", () => {
    const instruments = readInstruments(read('instruments.csv'));
    const rankings = readSeniority(read('seniority.csv'), instruments);
    expect(rankings).toHaveLength(8);
    expect(new Set([...instruments, ...rankings].map((row) => row.rowKey)).size).toBe(65);
    expect(rankings.find((row) => row.instrumentKey === 'STRC' && row.seniority?.includes('230977'))).toMatchObject({
      kind: 'preferred_perpetual',
      currency: 'USD',
      amount: null,
      seniority: 'junior to STRF; senior to STRK and STRD; junior to all indebtedness (8-K 0001193125-25-230977 of 2025-10-06)',
      notes: expect.stringContaining('from highest to lowest, as follows: STRF Stock, STRC Stock, STRK Stock, and STRD Stock'),
    });
    const header = 'ticker,exchange,instrument_id,scope,statement,form,accession,filing_date,quote,source,source_url';
    expect(() => readSeniority(`${header}\nMSTR,NASDAQ,STRX,liquidation,senior to STRD,8-K,1,2025-01-01,q,s,`, instruments)).toThrow(/not in instruments.csv/);
    expect(() => readSeniority(`${header}\nMSTR,NASDAQ,STRF,voting,senior to STRD,8-K,1,2025-01-01,q,s,`, instruments)).toThrow(/unknown scope/);
  });
});
