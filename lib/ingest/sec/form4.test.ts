import { readFixture } from '@/test/support/edgar';
import { parseOwnershipDocument } from './form4';

// Real: Snowflake's Form 4 for its CFO (edgartools data/form4.snow.xml). No real Form 4 of a
// bitcoin-treasury issuer was found; the integration tests use one constructed in the same schema.
const snowflake = () => parseOwnershipDocument(readFixture('sec/form4/form4.snow.0001402349.xml').toString('utf8'));

it('reads the issuer and the reporting owner with their role', () => {
  const document = snowflake();
  expect(document).toMatchObject({ documentType: '4', periodOfReport: '2022-12-13', issuer: { cik: '1640147', name: 'Snowflake Inc.', ticker: 'SNOW' } });
  expect(document.owners).toEqual([
    {
      cik: '1402349',
      name: 'Scarpelli Michael',
      isDirector: false,
      isOfficer: true,
      isTenPercentOwner: false,
      officerTitle: 'Chief Financial Officer',
      role: 'Chief Financial Officer',
    },
  ]);
});

it('reads each transaction: code, shares, price, acquired or disposed, holdings after', () => {
  const { transactions } = snowflake();
  const shares = transactions.filter((transaction) => transaction.table === 'non-derivative');
  expect(shares).toHaveLength(6);
  expect(shares[0]).toEqual({
    table: 'non-derivative',
    index: 0,
    security: 'Class A Common Stock',
    date: '2022-12-13',
    code: 'M',
    shares: 200000,
    pricePerShare: 8.88,
    acquiredDisposed: 'A',
    sharesOwnedAfter: 301097,
    directOrIndirect: 'D',
  });
  expect(shares.slice(1).map((transaction) => [transaction.code, transaction.shares, transaction.pricePerShare, transaction.acquiredDisposed])).toEqual([
    ['S', 73170, 150.841, 'D'],
    ['S', 74907, 151.814, 'D'],
    ['S', 41986, 152.655, 'D'],
    ['S', 5496, 153.872, 'D'],
    ['S', 4441, 154.76, 'D'],
  ]);
  expect(transactions.filter((transaction) => transaction.table === 'derivative')).toEqual([
    expect.objectContaining({ security: 'Stock Option (Right to Buy)', code: 'M', shares: 200000, acquiredDisposed: 'A' }),
  ]);
});

it('refuses a document that is not an ownership document', () => {
  expect(() => parseOwnershipDocument('<html><body>Not Found</body></html>')).toThrow('no <ownershipDocument> element');
});
