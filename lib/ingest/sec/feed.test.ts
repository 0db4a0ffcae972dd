import { decodeBody } from '../http';
import { feedEntry, feedWith, readFixture } from '@/test/support/edgar';
import { parseCurrentFeed, subjectParty } from './feed';

// Real feeds: test/fixtures/sec/current-feed (recorded by dgunning/edgartools, see test/fixtures/README.md).
const allForms = () => readFixture('sec/current-feed/getcurrent.all-forms.2026-01-12.atom.xml');
const formFour = () => readFixture('sec/current-feed/getcurrent.type-4.2025-12-12.atom.xml');

it('groups the 100 entries of the all-forms feed into 73 filings, one per accession', () => {
  const filings = parseCurrentFeed(decodeBody({ bytes: allForms(), contentType: 'application/atom+xml' }));
  expect(filings).toHaveLength(73);
  expect(new Set(filings.map((filing) => filing.accession)).size).toBe(73);
  expect(filings[0]).toMatchObject({
    accession: '0002074440-26-000002',
    form: '13F-HR',
    filedDate: '2026-01-12',
    acceptedAt: new Date('2026-01-12T16:27:39Z'),
    indexUrl: 'https://www.sec.gov/Archives/edgar/data/2074440/000207444026000002/0002074440-26-000002-index.htm',
    parties: [{ name: 'Ryan Investment Management, Inc.', cik: '2074440', role: 'Filer' }],
  });
});

it("reads an 8-K's items from the summary", () => {
  const filings = parseCurrentFeed(allForms().toString('latin1'));
  expect(filings.find((filing) => filing.form === '8-K')).toMatchObject({
    accession: '0001935979-26-000005',
    items: ['7.01', '9.01'],
    parties: [{ name: 'Biohaven Ltd.', cik: '1935979', role: 'Filer' }],
  });
});

it('names the issuer of a Form 4 as the party it is about, not the reporting owner', () => {
  const filings = parseCurrentFeed(formFour().toString('latin1'));
  expect(filings).toHaveLength(46);
  const meli = filings.find((filing) => filing.accession === '0001628280-25-056851')!;
  expect(meli.parties).toEqual([
    { name: 'Calemzuk Emiliano', cik: '1409426', role: 'Reporting' },
    { name: 'MERCADOLIBRE INC', cik: '1099590', role: 'Issuer' },
  ]);
  expect(subjectParty(meli)).toMatchObject({ name: 'MERCADOLIBRE INC', cik: '1099590' });
  expect(meli.indexUrl).toContain('/data/1099590/');
});

it('decodes ISO-8859-1 names by the XML declaration when the Content-Type names no charset', () => {
  // No recorded feed has a non-ASCII byte: this entry is constructed in the recorded markup.
  const entry = feedEntry({
    form: '8-K',
    companyName: 'Société Générale Exemple SA',
    cik: '0009999004',
    role: 'Filer',
    accession: '0009999004-26-000001',
    updated: '2026-01-12T11:30:00-05:00',
    items: [{ number: '8.01', title: 'Other Events' }],
  });
  const bytes = feedWith(allForms(), [entry]);
  expect(bytes.includes(Buffer.from([0xe9]))).toBe(true);
  const [first] = parseCurrentFeed(decodeBody({ bytes, contentType: 'application/atom+xml' }));
  expect(first).toMatchObject({ form: '8-K', items: ['8.01'], parties: [{ name: 'Société Générale Exemple SA', cik: '9999004', role: 'Filer' }] });
});
