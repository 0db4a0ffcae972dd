import { mnav, runStressTests, stressTest, unrealizedGain } from './stress-test';

const holdings = [
  // bought at 30k, market cap 2× its bitcoin at 100k
  { btcHoldings: 100, avgCostUsd: 30_000, marketCap: 20_000_000 },
  // bought at 90k, market cap 0.9× its bitcoin at 100k
  { btcHoldings: 10, avgCostUsd: 90_000, marketCap: 900_000 },
  // no cost or market cap disclosed
  { btcHoldings: 5, avgCostUsd: null, marketCap: null },
  { btcHoldings: 0, avgCostUsd: 10_000, marketCap: 1_000 },
];

it('values every scenario at the shocked price', () => {
  const results = runStressTests(holdings, 100_000);
  expect(results.map((result) => result.label)).toEqual(['BTC −20%', 'BTC −40%', 'BTC −60%', 'BTC +50%']);
  expect(results.map((result) => result.btcPriceUsd)).toEqual([80_000, 60_000, 40_000, 150_000]);
  expect(results[0]!.totalValueUsd).toBeCloseTo(115 * 80_000);
  expect(results[0]!.valueChangeUsd).toBeCloseTo(-115 * 20_000);
  expect(results[3]!.totalValueUsd).toBeCloseTo(115 * 150_000);
});

it('counts holdings below cost among companies with a known cost', () => {
  const [down20, down40, down60, up50] = runStressTests(holdings, 100_000);
  expect(down20).toMatchObject({ belowCostBasis: 1, costBasisKnown: 2 });
  expect(down40).toMatchObject({ belowCostBasis: 1, costBasisKnown: 2 });
  expect(down60).toMatchObject({ belowCostBasis: 1, costBasisKnown: 2 });
  expect(up50).toMatchObject({ belowCostBasis: 0, costBasisKnown: 2 });
  expect(stressTest(holdings, 100_000, -0.75).belowCostBasis).toBe(2);
});

it('counts mNAV below 1 with market caps held constant', () => {
  const [down20, , , up50] = runStressTests(holdings, 100_000);
  // 0.9M / (10 × 80k) = 1.125; 20M / (100 × 80k) = 2.5
  expect(down20).toMatchObject({ mnavBelowOne: 0, marketCapKnown: 2 });
  // 0.9M / (10 × 150k) = 0.6; 20M / (100 × 150k) = 1.33
  expect(up50).toMatchObject({ mnavBelowOne: 1, marketCapKnown: 2 });
  expect(mnav(900_000, 10, 100_000)).toBeCloseTo(0.9);
  expect(mnav(1, 0, 100_000)).toBeNull();
});

it('computes cost basis and unrealized gain', () => {
  expect(unrealizedGain(10, 50_000, 100_000)).toEqual({ costBasis: 500_000, currentValue: 1_000_000, gain: 500_000, gainPercent: 100 });
  expect(unrealizedGain(10, null, 100_000)).toBeNull();
  expect(unrealizedGain(10, 50_000, null)).toBeNull();
});
