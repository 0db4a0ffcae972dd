import { annualisedVolatility, computeMetrics, gradeOf, insiderTiming, premiumRisk, sizeRisk, staleRisk, type MetricInputs } from './metrics';

const at = (date: string) => new Date(`${date}T00:00:00Z`);

const none: MetricInputs = {
  btcHoldings: 100,
  holdingsAsOf: at('2026-11-01'),
  btcPriceUsd: null,
  btcVolatility: null,
  marketCapUsd: null,
  sharesOutstanding: null,
  avgCostUsd: null,
  history: [],
  insiderTrades: [],
  flagged: false,
  secRegistrant: false,
  hasSourceDocument: false,
  now: at('2026-11-23'),
};

describe('computeMetrics (hand-computed cases of docs/metrics.md)', () => {
  it('falls back to the spec defaults and names them when nothing is known', () => {
    const metrics = computeMetrics(none);
    expect(metrics).toMatchObject({
      healthGrade: 'C',
      aiRiskScore: 5,
      convictionScore: 5,
      governanceScore: 7,
      dryPowderScore: 5,
      premiumToNav: null,
      bitcoinYield: null,
      insiderTimingSignal: 0,
      volatilityExposure: 5,
    });
    expect([...metrics.defaults].sort()).toEqual(
      ['aiRiskScore', 'bitcoinYield', 'convictionScore', 'dryPowderScore', 'governanceScore', 'healthGrade', 'insiderTimingSignal', 'premiumToNav', 'volatilityExposure'].sort(),
    );
    expect(metrics.missingInputs).toEqual(['mNAV', 'holdings history', 'share volatility', 'leverage', 'governance inputs']);
    expect(metrics.provisional).toBe(true);
  });

  it('scores a steady accumulator trading at 2× NAV', () => {
    const metrics = computeMetrics({
      ...none,
      btcHoldings: 1500,
      holdingsAsOf: at('2026-07-01'),
      btcPriceUsd: 100_000,
      btcVolatility: 0.6,
      marketCapUsd: 300_000_000,
      sharesOutstanding: 10_000_000,
      avgCostUsd: 50_000,
      history: [
        { asOf: at('2026-01-01'), quantity: 1000 },
        { asOf: at('2026-04-15'), quantity: 1200 },
        { asOf: at('2026-07-01'), quantity: 1500 },
      ],
      insiderTrades: [
        { transactionDate: at('2026-06-01'), shares: 1000, acquiredDisposed: 'A' },
        { transactionDate: at('2026-05-01'), shares: 250, acquiredDisposed: 'D' },
        // Outside the 90-day window: ignored.
        { transactionDate: at('2026-01-01'), shares: 1_000_000, acquiredDisposed: 'D' },
      ],
      secRegistrant: true,
      hasSourceDocument: true,
      now: at('2026-07-11'),
      shareVolatility: 0.75,
      leverage: 0.25,
      btcYield: 12.5,
    });
    // mNAV 3e8 / (1500 × 1e5) = 2; exposure 10 × 0.5 × 0.6/0.6 = 5; dry powder 5 + 5·ln2/ln3 = 8.15;
    // conviction 10 × (0.35 × 1 + 0.4 × 1 + 0.25 × 2/(181/30.4)) = 8.34;
    // risk 2 + premium 1.25·log2 2 = 1.25 + volatility 3 × 0.75/1.5 = 1.5 + leverage 2 × 0.25/0.5 = 1
    //      + size 1.5 × (4 − log10 1500)/4 = 0.309 → 6.059 → 6.1;
    // governance 7 + 1 + 0.5 + 0.5 = 9; health 0.4 × 3.9 + 0.35 × 8.3 + 0.25 × 9 = 6.715 → B;
    // BTC yield passed through; insiders (1000 − 250) / 1250 = 0.6.
    expect(metrics).toEqual({
      healthGrade: 'B',
      aiRiskScore: 6.1,
      convictionScore: 8.3,
      governanceScore: 9,
      dryPowderScore: 8.2,
      premiumToNav: 2,
      bitcoinYield: 12.5,
      insiderTimingSignal: 0.6,
      volatilityExposure: 5,
      exposureBasis: 'mNAV',
      defaults: [],
      missingInputs: [],
      provisional: false,
    });
  });

  it('measures volatility exposure from the share’s BTC beta wherever it exists, mNAV or not', () => {
    // β 1.2 × BTC volatility 0.45 over the same dates = 0.54 → 10 × 0.54 / 0.6 = 9.
    const measured = computeMetrics({ ...none, shareVolatility: 1.05, btcBeta: { beta: 1.2, btcVolatility: 0.45 } });
    expect(measured).toMatchObject({ volatilityExposure: 9, exposureBasis: 'btc beta' });
    expect(measured.defaults).not.toContain('volatilityExposure');
    // The beta wins over the balance-sheet estimate (NAV ÷ market cap = 0.5 would give 5).
    const both = computeMetrics({ ...none, btcHoldings: 1500, btcPriceUsd: 100_000, btcVolatility: 0.6, marketCapUsd: 300_000_000, btcBeta: { beta: 0.5, btcVolatility: 0.3 } });
    expect(both).toMatchObject({ volatilityExposure: 2.5, exposureBasis: 'btc beta' });
    // A share that moves against bitcoin has no exposure to it; a wild one is capped at 10.
    expect(computeMetrics({ ...none, btcBeta: { beta: -0.4, btcVolatility: 0.5 } }).volatilityExposure).toBe(0);
    expect(computeMetrics({ ...none, btcBeta: { beta: 3, btcVolatility: 0.5 } }).volatilityExposure).toBe(10);
    // Without a beta or an mNAV the default stays, named as one.
    expect(computeMetrics({ ...none, shareVolatility: 1.05 })).toMatchObject({ volatilityExposure: 5, exposureBasis: null });
    expect(computeMetrics({ ...none, shareVolatility: 1.05 }).defaults).toContain('volatilityExposure');
  });

  it('marks down a flagged seller with stale holdings and selling insiders', () => {
    const metrics = computeMetrics({
      ...none,
      btcHoldings: 300,
      holdingsAsOf: at('2026-02-01'),
      history: [
        { asOf: at('2025-08-01'), quantity: 500 },
        { asOf: at('2025-12-01'), quantity: 300 },
        { asOf: at('2026-02-01'), quantity: 300 },
      ],
      insiderTrades: [{ transactionDate: at('2026-10-01'), shares: 1000, acquiredDisposed: 'D' }],
      flagged: true,
      secRegistrant: true,
    });
    // conviction 0 (shrank, sold, no purchase);
    // risk 2 + sale 1 + min(1, 2 × 0.4) + flagged 1 + stale 1 + (295 − 120)/365 + insiders 1
    //      + size 1.5 × (4 − log10 300)/4 = 2 + 1.8 + 1 + 1.479 + 1 + 0.571 = 7.85 → 7.9
    //      (mNAV, volatility and leverage unknown: their terms are 0 and they are named);
    // governance 7 + 1 − 2 − 1 − 1 = 4; health 0.4 × 2.1 + 0 + 0.25 × 4 = 1.84 → F.
    expect(metrics).toMatchObject({ healthGrade: 'F', aiRiskScore: 7.9, convictionScore: 0, governanceScore: 4, insiderTimingSignal: -1 });
    expect(metrics.defaults.sort()).toEqual(['bitcoinYield', 'dryPowderScore', 'premiumToNav', 'volatilityExposure']);
    expect(metrics.missingInputs).toEqual(['mNAV', 'share volatility', 'leverage']);
    // Three of the six grade inputs known (history for risk and conviction, governance): not provisional.
    expect(metrics.provisional).toBe(false);
  });

  it('treats a drop under 1 % as rounding, not a sale', () => {
    const metrics = computeMetrics({
      ...none,
      history: [
        { asOf: at('2026-01-01'), quantity: 1000 },
        { asOf: at('2026-02-01'), quantity: 995 },
      ],
    });
    // growth −0.5 % → 0; held → 0.4; no purchase → 0.
    expect(metrics.convictionScore).toBe(4);
  });
});

describe('gradeOf', () => {
  it.each([
    [7, 'A'],
    [6.99, 'B'],
    [6, 'B'],
    [5.5, 'C'],
    [5.49, 'D'],
    [4.5, 'D'],
    [4.49, 'F'],
  ])('%d → %s', (score, grade) => expect(gradeOf(score)).toBe(grade));
});

describe('insiderTiming', () => {
  it('is zero without trades and ignores non-positive share counts', () => {
    expect(insiderTiming([], at('2026-01-01'))).toEqual({ value: 0, trades: 0 });
    expect(insiderTiming([{ transactionDate: at('2025-12-31'), shares: 0, acquiredDisposed: 'A' }], at('2026-01-01'))).toEqual({ value: 0, trades: 0 });
  });
});

describe('annualisedVolatility', () => {
  it('is zero for a constant daily return and null with too few prices', () => {
    const prices = Array.from({ length: 30 }, (_, index) => 100 * 1.01 ** index);
    expect(annualisedVolatility(prices)).toBeCloseTo(0, 10);
    expect(annualisedVolatility([1, 2, 3])).toBeNull();
  });

  it('annualises the sample deviation of daily log returns with √365', () => {
    // Alternating ±10 % moves: log returns ln(1.1) and ln(1/1.1) → deviation ≈ ln(1.1) × √(n/(n−1)).
    const prices = Array.from({ length: 11 }, (_, index) => (index % 2 === 0 ? 100 : 110));
    const r = Math.log(1.1);
    const expected = Math.sqrt((10 * r * r) / 9) * Math.sqrt(365);
    expect(annualisedVolatility(prices)).toBeCloseTo(expected, 10);
  });
});

describe('risk terms', () => {
  it('weighs a premium up to 2 and a discount up to 1', () => {
    expect(premiumRisk(1)).toBe(0);
    expect(premiumRisk(2)).toBe(1.25);
    expect(premiumRisk(8)).toBe(2);
    expect(premiumRisk(0.75)).toBe(0.5);
    expect(premiumRisk(0.2)).toBe(1);
  });

  it('scales size and staleness continuously', () => {
    expect(sizeRisk(1)).toBe(1.5);
    expect(sizeRisk(100)).toBe(0.75);
    expect(sizeRisk(10_000)).toBe(0);
    expect(staleRisk(120)).toBe(0);
    expect(staleRisk(120 + 365 / 2)).toBe(1.5);
    expect(staleRisk(2000)).toBe(2);
  });
});
