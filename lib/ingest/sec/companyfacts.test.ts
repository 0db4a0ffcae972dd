import { readFixture } from '@/test/support/edgar';
import { parseCompanyFacts } from './companyfacts';
import { isoDay } from '../../dates';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
// Real companyfacts of Strategy Inc (trimmed, test/fixtures/README.md).
const strategy = () => JSON.parse(readFixture('sec/companyfacts/CIK0001050446.trimmed.json').toString('utf8')) as unknown;

it('keeps debt, cash and preferred balances with their period end, filing, form and accession', () => {
  const { entityName, facts } = parseCompanyFacts(strategy(), day('2025-01-01'));
  expect(entityName).toBe('STRATEGY INC');
  const at = (source: string, asOf: string) => facts.filter((fact) => fact.source === source && fact.asOf.getTime() === day(asOf).getTime());
  expect(at('sec-companyfacts:us-gaap:LongTermDebt', '2025-09-30')).toEqual([
    {
      field: 'total_debt',
      source: 'sec-companyfacts:us-gaap:LongTermDebt',
      value: 8_173_903_000,
      unit: 'amount',
      currency: 'USD',
      asOf: day('2025-09-30'),
      filedAt: day('2025-11-03'),
      form: '10-Q',
      accession: '0001193125-25-262568',
      notes: null,
    },
  ]);
  expect(at('sec-companyfacts:us-gaap:CashAndCashEquivalentsAtCarryingValue', '2025-09-30')).toEqual([expect.objectContaining({ field: 'cash', value: 54_285_000 })]);
  expect(at('sec-companyfacts:us-gaap:PreferredStockValue', '2025-09-30')).toEqual([expect.objectContaining({ field: 'preferred_equity', value: 0 })]);
  // Oldest filing first.
  expect(facts.map((fact) => fact.filedAt.getTime())).toEqual([...facts.map((fact) => fact.filedAt.getTime())].sort((a, b) => a - b));
  expect(facts.every((fact) => fact.asOf >= day('2025-01-01'))).toBe(true);
});

it('keeps quarterly weighted-average share counts, says so, and drops longer periods', () => {
  const { facts } = parseCompanyFacts(strategy(), day('2025-01-01'));
  const shares = facts.filter((fact) => fact.unit === 'shares');
  expect(shares.map((fact) => [fact.field, isoDay(fact.asOf), fact.value])).toEqual([
    ['shares_outstanding_basic', '2025-03-31', 256_473_000],
    ['shares_outstanding_diluted', '2025-03-31', 256_473_000],
    ['shares_outstanding_basic', '2025-06-30', 275_244_000],
    ['shares_outstanding_diluted', '2025-06-30', 306_764_000],
    ['shares_outstanding_basic', '2025-09-30', 284_376_000],
    ['shares_outstanding_diluted', '2025-09-30', 315_393_000],
  ]);
  expect(shares[0]!.notes).toBe('Weighted average over 2025-01-01 to 2025-03-31, not a count on one day.');
});

it('carries every filing of a figure, restatements included', () => {
  // The 10-for-1 split of August 2024 restated the earlier share counts ten-fold.
  const { facts } = parseCompanyFacts(strategy(), day('2024-06-01'));
  expect(
    facts
      .filter((fact) => fact.field === 'shares_outstanding_basic' && fact.asOf.getTime() === day('2024-06-30').getTime())
      .map((fact) => [fact.value, fact.accession, isoDay(fact.filedAt)]),
  ).toEqual([
    [17_861_000, '0000950170-24-091778', '2024-08-06'],
    [178_607_000, '0000950170-25-102209', '2025-08-05'],
  ]);
});

it('refuses a body that is not a companyfacts document', () => {
  expect(() => parseCompanyFacts({ message: 'Not found' }, day('2020-01-01'))).toThrow('not a companyfacts document');
  expect(parseCompanyFacts({ cik: 1, facts: {} }, day('2020-01-01')).facts).toEqual([]);
});
