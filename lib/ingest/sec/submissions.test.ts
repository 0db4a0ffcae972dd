import { readFixture } from '@/test/support/edgar';
import { parseSubmissions } from './submissions';

// Real: data.sec.gov/submissions/CIK0001050446.json (Strategy), kept by Sashamine/dat-tracker-next.
const strategy = () => parseSubmissions(JSON.parse(readFixture('sec/submissions/CIK0001050446.json').toString('utf8')));

it('turns the columnar filings.recent into one record per filing, newest first', () => {
  const submissions = strategy();
  expect(submissions).toMatchObject({ cik: '1050446', name: 'Strategy Inc', tickers: ['MSTR', 'STRC', 'STRD', 'STRF', 'STRK'] });
  expect(submissions.filings).toHaveLength(1000);
  expect(submissions.filings[3]).toEqual({
    accession: '0001193125-26-009811',
    form: '8-K',
    filingDate: '2026-01-12',
    reportDate: '2026-01-12',
    acceptedAt: new Date('2026-01-12T08:00:28.000Z'),
    items: ['7.01', '8.01'],
    primaryDocument: 'mstr-20260105.htm',
  });
  expect(submissions.filings[2]).toMatchObject({ form: '4', items: [], primaryDocument: 'xslF345X05/ownership.xml' });
});

it('counts the forms the file lists', () => {
  const forms = strategy().filings.map((filing) => filing.form);
  expect(forms.filter((form) => form === '4')).toHaveLength(415);
  expect(forms.filter((form) => form === '8-K')).toHaveLength(210);
});

it('refuses a body that is not a submissions file', () => {
  expect(() => parseSubmissions({ cik: '1', name: 'x' })).toThrow();
});
