import { healthDistribution, largestRemainder, sectorAllocation } from './aggregates';

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
