import fs from 'node:fs';
import path from 'node:path';
import { readFixture } from '@/test/support/edgar';
import { matchTreasuryEntry, parsePublicTreasury, splitSymbol, type OurListing } from './public-treasury';

// Our seeded listings (prisma/seed-data/treasury-companies.csv) against the two recorded answers.
const seededListings: OurListing[] = fs
  .readFileSync(path.resolve(__dirname, '../../../prisma/seed-data/treasury-companies.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line, index) => {
    const quoted = line.startsWith('"');
    const cells = quoted ? line.replace(/^"[^"]*"/, 'name').split(',') : line.split(',');
    return { id: String(index), name: quoted ? line.split('"')[1]! : cells[0]!, ticker: cells[1]!, exchange: cells[2]! };
  });

const answer = (name: string) => parsePublicTreasury(JSON.parse(readFixture(`coingecko/${name}`).toString('utf8'))).entries;
const matchAll = (name: string) =>
  Object.fromEntries(
    answer(name).map((entry) => {
      const match = matchTreasuryEntry(entry, seededListings);
      return [entry.symbol, match.company ? `${match.company.ticker} ${match.company.exchange}` : match.reason];
    }),
  );

it('splits every symbol style the answers use', () => {
  expect(splitSymbol('MSTR.US')).toEqual({ ticker: 'MSTR', venue: 'US' });
  expect(splitSymbol('NASDAQ:MSTR')).toEqual({ ticker: 'MSTR', venue: 'NASDAQ' });
  expect(splitSymbol('CORZ:NASDAQ')).toEqual({ ticker: 'CORZ', venue: 'NASDAQ' });
  expect(splitSymbol('TSE: GLXY')).toEqual({ ticker: 'GLXY', venue: 'TSE' });
  expect(splitSymbol('ABT:GR')).toEqual({ ticker: 'ABT', venue: 'GR' });
  expect(splitSymbol('3350.T')).toEqual({ ticker: '3350', venue: 'T' });
  expect(splitSymbol('BRK.B.US')).toEqual({ ticker: 'BRK.B', venue: 'US' });
  expect(splitSymbol('MSTR')).toBeUndefined();
  expect(splitSymbol('XYZ:ABC')).toBeUndefined();
});

it('matches the new-style documentation example to our listings', () => {
  expect(matchAll('companies-public-treasury-bitcoin.docs-example.json')).toEqual({ 'MSTR.US': 'MSTR NASDAQ', 'XXI.US': 'XXI NASDAQ' });
});

it('matches the 2023 capture by ticker and exchange and reports the rest instead of guessing', () => {
  expect(matchAll('companies-public-treasury-bitcoin.capture-pre-2024.json')).toEqual({
    'NASDAQ:MSTR': 'MSTR NASDAQ',
    'NASDAQ:MARA': 'MARA NASDAQ',
    // "TSE" is Toronto in CoinGecko's symbols; Galaxy is tracked on NASDAQ now.
    'TSE: GLXY': 'no tracked company trades as GLXY on TSX',
    'NASDAQ:TSLA': 'TSLA NASDAQ',
    'NASDAQ:COIN': 'COIN NASDAQ',
    'NASDAQ:HUT': 'HUT NASDAQ',
    'NYSE:SQ': 'SQ NYSE',
    'NASDAQ:RIOT': 'RIOT NASDAQ',
    'NASDAQ:HIVE': 'HIVE NASDAQ',
    // Nexon is tracked by its US OTC line (NEXOF), not its Tokyo code.
    'TYO:3659': 'no tracked company trades as 3659 on TYO/TSE',
    'NASDAQ:CLSK': 'CLSK NASDAQ',
    'EXOD:OTCMKTS': 'EXOD OTCMKTS',
    'HKG:1357': 'no tracked company trades as 1357 on HKEX/HKSE/HKG',
    'NASDAQ:BTBT': 'no tracked company trades as BTBT on NASDAQ',
    'AQSE:NFT': 'NFT AQSE',
    'OTCMKTS:DMGGF': 'DMGGF OTCMKTS',
    'NASDAQ:BITF': 'BITF NASDAQ',
    'NASDAQ:CIFR': 'CIFR NASDAQ',
    'CNSX:BIGG': 'no tracked company trades as BIGG on CSE',
    'TSXV: DASH': 'no tracked company trades as DASH on TSXV',
    'ABT:GR': 'ABT DUS',
    'ASX:DCC': 'no tracked company trades as DCC on ASX',
    'OTCMKTS:FRMO': 'FRMO OTCMKTS',
    'BKK:BROOK': 'BROOK BKK',
    'TSXV:LQWD': 'no tracked company trades as LQWD on TSXV',
    // Same ticker as B HODL on Aquis, a different company on another venue.
    'CSE:HODL': 'no tracked company trades as HODL on CSE',
    'NASDAQ:MOGO': 'MOGO NASDAQ',
    'CORZ:NASDAQ': 'CORZ NASDAQ',
  });
});

it('refuses to choose between two listings with the same ticker and venue', () => {
  // Two SATO companies are tracked on TSXV.
  const match = matchTreasuryEntry({ name: 'SATO', symbol: 'TSXV:SATO', country: 'CA', totalHoldings: 1 }, seededListings);
  expect(match.company).toBeUndefined();
  expect(match).toMatchObject({ reason: '2 tracked companies trade as SATO on TSXV (Canada Computational Unlimited Corp., SATO Technologies Corp.)' });
});

it('reads the answer and counts malformed entries', () => {
  expect(parsePublicTreasury({ companies: [{ name: 'A', symbol: 'A.US', total_holdings: 1 }, { name: 'B' }] })).toEqual({
    entries: [{ name: 'A', symbol: 'A.US', country: null, totalHoldings: 1 }],
    malformed: 1,
  });
  expect(() => parsePublicTreasury({ status: { error_code: 429 } })).toThrow('not a public-treasury list');
});
