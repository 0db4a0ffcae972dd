import { readFixture } from '@/test/support/edgar';
import { parseBtcDisclosure, type BtcDisclosure } from './btc-disclosure';
import { assessBoardFiling, assessBtcFiling, assessInsiderFiling, describeBtcFiling, describeInsiderFiling, formatUsd, isTreasuryDiscovery } from './classify';
import { parseOwnershipDocument, type OwnershipTransaction, type ReportingOwner } from './form4';

const disclosure = (overrides: Partial<BtcDisclosure> = {}): BtcDisclosure => ({
  mentionsBitcoin: true,
  purchase: false,
  sale: false,
  treasuryPolicy: false,
  figures: {},
  excerpt: undefined,
  ...overrides,
});

describe('bitcoin filings', () => {
  it("rates Strategy's 13,627 BTC purchase critical with 97 % confidence (2 % of holdings, $1.2B)", () => {
    const parsed = parseBtcDisclosure(readFixture('sec/8-K/mstr-8k-0001193125-26-009811.htm').toString('utf8'));
    const assessment = assessBtcFiling(parsed, { priorHoldingsBtc: 850_000 });
    // The prior holdings come from the table itself (687,410 - 13,627), not from the caller's figure.
    expect(assessment).toEqual({ kind: 'purchase', severity: 'critical', confidence: 97, quantityBtc: 13627, valueUsd: 1_247_100_000, priorHoldingsBtc: 673783 });
    expect(describeBtcFiling('Strategy', '8-K', parsed, assessment!)).toBe(
      'Strategy acquired 13,627 BTC for $1,247.1M (avg $91,519) between 2026-01-05 and 2026-01-11; holds 687,410 BTC as of 2026-01-11 (avg cost $75,353) (SEC 8-K).',
    );
  });

  it('rates a purchase of at least 1 % of holdings critical, a smaller one high', () => {
    const bought = (acquiredBtc: number) => disclosure({ purchase: true, figures: { acquiredBtc, parsedFrom: 'text' } });
    expect(assessBtcFiling(bought(100), { priorHoldingsBtc: 10_000, btcPriceUsd: 90_000 })).toMatchObject({ severity: 'critical', confidence: 90 });
    expect(assessBtcFiling(bought(99), { priorHoldingsBtc: 10_000, btcPriceUsd: 90_000 })).toMatchObject({ severity: 'high', valueUsd: 8_910_000 });
  });

  it('rates a purchase worth more than $100M critical whatever the holdings', () => {
    const big = disclosure({ purchase: true, figures: { acquiredBtc: 1_200, purchaseCostUsd: 110_000_000, parsedFrom: 'text' } });
    expect(assessBtcFiling(big, { priorHoldingsBtc: 600_000 })).toMatchObject({ severity: 'critical' });
    const atLimit = disclosure({ purchase: true, figures: { acquiredBtc: 1_000, purchaseCostUsd: 100_000_000, parsedFrom: 'text' } });
    expect(assessBtcFiling(atLimit, { priorHoldingsBtc: 600_000 })).toMatchObject({ severity: 'high' });
  });

  it("rates a company's first purchase critical", () => {
    const first = disclosure({ purchase: true, figures: { acquiredBtc: 250, aggregateBtc: 250, parsedFrom: 'text' } });
    expect(assessBtcFiling(first)).toMatchObject({ kind: 'purchase', severity: 'critical', priorHoldingsBtc: 0 });
  });

  it('rates a sale like a purchase', () => {
    const sold = disclosure({ sale: true, figures: { soldBtc: 500, parsedFrom: 'text' } });
    expect(assessBtcFiling(sold, { priorHoldingsBtc: 40_000 })).toMatchObject({ kind: 'sale', severity: 'critical' });
    expect(assessBtcFiling(sold, { priorHoldingsBtc: 60_000 })).toMatchObject({ kind: 'sale', severity: 'high' });
  });

  it('rates language without figures lower', () => {
    expect(assessBtcFiling(disclosure({ purchase: true }))).toMatchObject({ kind: 'purchase', severity: 'high', confidence: 82 });
    expect(assessBtcFiling(disclosure({ treasuryPolicy: true }))).toMatchObject({ kind: 'treasury-policy', severity: 'high', confidence: 78 });
    expect(assessBtcFiling(disclosure())).toMatchObject({ kind: 'mention', severity: 'low', confidence: 70 });
    expect(assessBtcFiling(disclosure({ mentionsBitcoin: false }))).toBeUndefined();
  });

  it('rates a holdings figure by how far it moved', () => {
    const holds = disclosure({ figures: { aggregateBtc: 10_100, parsedFrom: 'text' } });
    expect(assessBtcFiling(holds, { priorHoldingsBtc: 10_000 })).toMatchObject({ kind: 'holdings', severity: 'high' });
    expect(assessBtcFiling(holds, { priorHoldingsBtc: 10_050 })).toMatchObject({ kind: 'holdings', severity: 'medium' });
  });

  it('opens a discovery for purchases, holdings and treasury policies only', () => {
    expect(isTreasuryDiscovery(assessBtcFiling(disclosure({ treasuryPolicy: true })))).toBe(true);
    expect(isTreasuryDiscovery(assessBtcFiling(disclosure({ purchase: true })))).toBe(true);
    expect(isTreasuryDiscovery(assessBtcFiling(disclosure()))).toBe(false);
    expect(isTreasuryDiscovery(assessBtcFiling(disclosure({ sale: true })))).toBe(false);
  });
});

describe('Form 4', () => {
  const officer: ReportingOwner = { cik: '1', name: 'Example Officer', isDirector: false, isOfficer: true, isTenPercentOwner: false, officerTitle: 'CFO', role: 'CFO' };
  const trade = (code: string, shares: number, pricePerShare: number): OwnershipTransaction => ({
    table: 'non-derivative',
    index: 0,
    security: 'Common Stock',
    date: '2026-01-09',
    code,
    shares,
    pricePerShare,
    acquiredDisposed: code === 'S' ? 'D' : 'A',
    sharesOwnedAfter: undefined,
    directOrIndirect: 'D',
  });

  it("rates the Snowflake CFO's $30M of sales high, and describes them", () => {
    const document = parseOwnershipDocument(readFixture('sec/form4/form4.snow.0001402349.xml').toString('utf8'));
    const assessment = assessInsiderFiling(document.transactions, document.owners);
    expect(assessment).toMatchObject({ severity: 'high', confidence: 95, hasOpenMarketPurchase: false });
    expect(Math.round(assessment.openMarketValueUsd)).toBe(30_351_310);
    expect(describeInsiderFiling('Snowflake', document.owners[0], document.transactions, '4')).toBe(
      'Snowflake: Scarpelli Michael (Chief Financial Officer) sold 200,000 shares for $30.4M (avg $151.76) on 2022-12-13 (SEC Form 4).',
    );
  });

  it('follows the value thresholds', () => {
    expect(assessInsiderFiling([trade('S', 1_000_000, 101)], [officer]).severity).toBe('critical');
    expect(assessInsiderFiling([trade('S', 100_000, 101)], [officer]).severity).toBe('high');
    expect(assessInsiderFiling([trade('P', 10_000, 100)], [officer]).severity).toBe('high');
    expect(assessInsiderFiling([trade('S', 20_000, 100)], [officer]).severity).toBe('medium');
    expect(assessInsiderFiling([trade('P', 10, 100)], [officer]).severity).toBe('medium');
    expect(assessInsiderFiling([trade('A', 1_000_000, 0), trade('F', 300, 100)], [officer]).severity).toBe('low');
  });
});

describe('board meetings', () => {
  it('takes 8-K items 5.02 and 5.07 and proxy statements', () => {
    expect(assessBoardFiling('8-K', ['5.02', '9.01'], false)).toEqual({
      severity: 'medium',
      confidence: 88,
      reasons: ['item 5.02 (departure, election or appointment of directors or officers)'],
    });
    expect(assessBoardFiling('8-K', ['5.07'], true)).toMatchObject({ severity: 'high' });
    expect(assessBoardFiling('DEF 14A', [], undefined)).toMatchObject({ severity: 'low', confidence: 80 });
    expect(assessBoardFiling('8-K', ['7.01', '8.01'], true)).toBeNull();
  });
});

it('prints dollars the way filings do', () => {
  expect(formatUsd(1_247_100_000)).toBe('$1,247.1M');
  expect(formatUsd(51_800_000_000)).toBe('$51.80B');
  expect(formatUsd(91_519)).toBe('$91,519');
});
