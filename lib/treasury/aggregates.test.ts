import { healthDistribution, holdingsTotals, largestRemainder, nameWithTicker, sectorAllocation, totalsSentence } from './aggregates';

describe('largestRemainder', () => {
  it('gives the leftover points to the largest remainders so the parts sum to 100', () => {
    // Exact 33.33 / 33.33 / 33.33 → floors 33 each, one point left for the first.
    expect(largestRemainder([1, 1, 1])).toEqual([34, 33, 33]);
    // 2/7 = 28.57, 5/7 = 71.43 → 28 + 71 = 99, the 0.57 remainder wins.
    expect(largestRemainder([2, 5])).toEqual([29, 71]);
    expect(largestRemainder([2, 5], 1)).toEqual([28.6, 71.4]);
  });

  it('is all zero without weight and ignores negative weights', () => {
    expect(largestRemainder([0, 0])).toEqual([0, 0]);
    expect(largestRemainder([-5, 5])).toEqual([0, 100]);
  });
});

describe('healthDistribution', () => {
  it('keys A-B, C-D and E-F, with F counted in E-F', () => {
    expect(healthDistribution(['A', 'B', 'C', 'D', 'D', 'F'])).toEqual({ 'A-B': 33, 'C-D': 50, 'E-F': 17 });
    expect(healthDistribution([])).toEqual({ 'A-B': 0, 'C-D': 0, 'E-F': 0 });
  });
});

describe('sectorAllocation', () => {
  it('weights by bitcoin held, puts unclassified companies under Other and sums to 100', () => {
    const shares = sectorAllocation([
      { sector: 'Financial', btcHoldings: 700 },
      { sector: 'Mining', btcHoldings: 200 },
      { sector: null, btcHoldings: 50 },
      { sector: 'Other', btcHoldings: 50 },
      { sector: 'Mining', btcHoldings: 0 },
    ]);
    expect(shares).toEqual([
      { sector: 'Financial', percentage: 70, count: 1, btcHoldings: 700 },
      { sector: 'Mining', percentage: 20, count: 2, btcHoldings: 200 },
      { sector: 'Other', percentage: 10, count: 2, btcHoldings: 100 },
    ]);
  });
});

describe('the totals rule', () => {
  const companies = [
    { name: 'Strategy (MicroStrategy)', ticker: 'MSTR', btcHoldings: 800, flagged: false, holdingsConfirmed: true },
    { name: 'Hut 8 Corp', ticker: 'HUT', btcHoldings: 150.5, flagged: true, holdingsConfirmed: true },
    { name: 'Twenty One Capital (XXI)', ticker: 'XXI', btcHoldings: 100, flagged: false, holdingsConfirmed: true },
    { name: 'Zephyr Mining Ltd', ticker: 'ZPHR', btcHoldings: 250, flagged: false, holdingsConfirmed: false },
    { name: 'Both Wrong Inc', ticker: 'BOTH', btcHoldings: 5, flagged: true, holdingsConfirmed: false },
  ];

  it('counts confirmed, unflagged figures only and names every company left out, largest first', () => {
    const totals = holdingsTotals(companies, 50_000);
    expect(totals).toEqual({
      counted: 2,
      considered: 5,
      btc: 900,
      valueUsd: 45_000_000,
      excluded: {
        companies: 3,
        flagged: 2,
        unconfirmed: 1,
        btc: 405.5,
        list: [
          { name: 'Zephyr Mining Ltd', ticker: 'ZPHR', btcHoldings: 250, reason: 'unconfirmed' },
          { name: 'Hut 8 Corp', ticker: 'HUT', btcHoldings: 150.5, reason: 'flagged' },
          { name: 'Both Wrong Inc', ticker: 'BOTH', btcHoldings: 5, reason: 'flagged' },
        ],
      },
    });
    expect(holdingsTotals(companies, null).valueUsd).toBeNull();
    expect(holdingsTotals([], 50_000)).toMatchObject({ counted: 0, btc: 0, valueUsd: 0, excluded: { companies: 0, list: [] } });
  });

  it('states the total in one sentence, naming the scope and the companies left out', () => {
    const top = holdingsTotals(companies.slice(0, 3), 50_000);
    expect(totalsSentence(top, { scope: 'the top 3 holders', btcPriceUsd: 50_000, pricedAt: '2026-08-21T00:00:00.000Z' })).toBe(
      'Of the top 3 holders, 2 with confirmed figures hold 900 BTC ($45.0M at $50,000 per BTC, price of Aug 21, 2026); left out: 1 company flagged or unconfirmed, 150.5 BTC (Hut 8 Corp (HUT): flagged, 150.5 BTC).',
    );
    expect(totalsSentence(holdingsTotals(companies.slice(0, 1), null))).toBe('1 company with confirmed figures holds 800 BTC; none is left out.');
  });

  it('does not repeat a ticker the name already carries', () => {
    expect(nameWithTicker({ name: 'Twenty One Capital (XXI)', ticker: 'XXI' })).toBe('Twenty One Capital (XXI)');
    expect(nameWithTicker({ name: 'Strategy (MicroStrategy)', ticker: 'MSTR' })).toBe('Strategy (MicroStrategy) (MSTR)');
    expect(nameWithTicker({ name: 'Acme Corp', ticker: null })).toBe('Acme Corp');
  });
});
