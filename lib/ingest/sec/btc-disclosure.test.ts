import { readFixture } from '@/test/support/edgar';
import { detectBitcoinLanguage, parseBtcDisclosure, parseBtcSentences, parseBtcUpdateTable } from './btc-disclosure';

// Real: Strategy's 8-K filed 2026-01-12 (accession 0001193125-26-009811), inline XBRL HTML.
const strategy8k = () => readFixture('sec/8-K/mstr-8k-0001193125-26-009811.htm').toString('utf8');
const day = (date: string) => new Date(`${date}T00:00:00Z`);

it("reads Strategy's BTC Update table: 13,627 BTC acquired, aggregate 687,410 BTC, average cost $75,353", () => {
  expect(parseBtcUpdateTable(strategy8k())).toEqual({
    parsedFrom: 'table',
    acquiredBtc: 13627,
    purchaseCostUsd: 1_247_100_000,
    averagePurchasePriceUsd: 91519,
    aggregateBtc: 687410,
    aggregateCostUsd: 51_800_000_000,
    averageCostUsd: 75353,
    periodStart: day('2026-01-05'),
    periodEnd: day('2026-01-11'),
    asOf: day('2026-01-11'),
  });
});

it('classifies the 8-K as a purchase and keeps an excerpt from the BTC Update', () => {
  const disclosure = parseBtcDisclosure(strategy8k());
  expect(disclosure).toMatchObject({ mentionsBitcoin: true, purchase: true, sale: false, figures: { aggregateBtc: 687410, acquiredBtc: 13627 } });
  expect(disclosure.excerpt).toMatch(/^BTC Update On January 12, 2026, Strategy announced updates with respect to its bitcoin holdings/);
});

it('ignores the ATM table next to it', () => {
  const html = strategy8k();
  const atmOnly = html.slice(0, html.indexOf('BTC Update'));
  expect(parseBtcUpdateTable(atmOnly)).toBeUndefined();
});

describe('sentences', () => {
  it('reads aggregate holdings, "aggregate 687,410 BTC" style', () => {
    expect(parseBtcSentences('As of January 11, 2026, Strategy held an aggregate 687,410 BTC.')).toMatchObject({
      aggregateBtc: 687410,
      asOf: day('2026-01-11'),
      parsedFrom: 'text',
    });
    expect(parseBtcSentences('The Company now holds approximately 1,250.5 bitcoins in cold storage.')).toMatchObject({ aggregateBtc: 1250.5 });
  });

  it('reads a purchase with its cost and average price', () => {
    expect(
      parseBtcSentences('On January 12, 2026, the Company purchased 250 BTC for approximately $23.1 million, at an average price of $92,400 per bitcoin.'),
    ).toMatchObject({ acquiredBtc: 250, purchaseCostUsd: 23_100_000, averagePurchasePriceUsd: 92400 });
  });

  it('reads a sale', () => {
    expect(parseBtcSentences('During the quarter the Company sold 1,000 bitcoin to fund operations.')).toMatchObject({ soldBtc: 1000 });
  });

  it('does not take an amount of dollars or shares for bitcoin, nor an impossible quantity', () => {
    expect(parseBtcSentences('The Company holds 5,000,000 shares and invested $500 million in bitcoin mining equipment.')).toEqual({});
    expect(parseBtcSentences('an aggregate of 99,000,000 BTC')).toEqual({});
  });
});

describe('language', () => {
  it('recognises a treasury policy', () => {
    expect(detectBitcoinLanguage('The Board approved a treasury reserve policy under which bitcoin will serve as the primary treasury reserve asset.')).toMatchObject({
      mentionsBitcoin: true,
      treasuryPolicy: true,
    });
    expect(detectBitcoinLanguage('We adopted a Bitcoin Treasury Strategy.').treasuryPolicy).toBe(true);
  });

  it('does not read a purchase into a mere mention', () => {
    expect(detectBitcoinLanguage('The price of bitcoin is volatile and may affect our customers.')).toEqual({
      mentionsBitcoin: true,
      purchase: false,
      sale: false,
      treasuryPolicy: false,
    });
    expect(detectBitcoinLanguage('Item 5.02 Departure of Directors').mentionsBitcoin).toBe(false);
  });
});
