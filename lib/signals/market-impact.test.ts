import { computeMarketImpact, pairedReturns, pearson, standardDeviation, type PricePoint } from './market-impact';

const at = (date: string) => new Date(`${date}T00:00:00Z`);
const series = (rows: [string, number, number | null][]): PricePoint[] => rows.map(([date, priceUsd, volumeUsd]) => ({ at: at(date), priceUsd, volumeUsd }));

// Company XYZ: flat at 100 for six days, then +10 % and +20 % after the signal (Jan 10, 12:00 UTC).
const company = series([
  ['2026-01-05', 100, 1000],
  ['2026-01-06', 100, 1000],
  ['2026-01-07', 100, 1000],
  ['2026-01-08', 100, 1000],
  ['2026-01-09', 100, 1000],
  ['2026-01-10', 100, 1000],
  ['2026-01-11', 110, 3000],
  ['2026-01-12', 120, 3000],
]);
// BTC at exactly 500 times the share price: identical daily returns.
const btc = company.map((point) => ({ ...point, priceUsd: point.priceUsd * 500, volumeUsd: null }));
const detectedAt = new Date('2026-01-10T12:00:00Z');

describe('statistics', () => {
  it('pearson: [1,2,3] against [2,4,7] is 5 / sqrt(2 × 12.667) = 0.9934', () => {
    expect(pearson([1, 2, 3], [2, 4, 7])).toBeCloseTo(0.9934, 4);
    expect(pearson([1, 2, 3], [6, 4, 2])).toBeCloseTo(-1, 10);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(pearson([1], [1])).toBeNull();
  });

  it('standard deviation is the sample one (n - 1)', () => {
    // mean 5; squared deviations 9 + 1 + 1 + 9 = 20; 20 / 3 = 6.667; sqrt = 2.582
    expect(standardDeviation([2, 4, 6, 8])).toBeCloseTo(2.582, 3);
    expect(standardDeviation([1])).toBeNull();
  });

  it('pairs returns only on days both series have', () => {
    const a = new Map([['2026-01-01', 100], ['2026-01-02', 110], ['2026-01-03', 99]]);
    const b = new Map([['2026-01-01', 10], ['2026-01-03', 12]]);
    expect(pairedReturns(a, b)).toEqual({ a: [99 / 100 - 1], b: [12 / 10 - 1] });
  });
});

describe('computeMarketImpact on a company series', () => {
  const result = computeMarketImpact({
    detectedAt,
    confidence: 80,
    subject: { symbol: 'XYZ', basis: 'company', points: company },
    btc,
    sectorChanges: [10, -4],
    btcHoldings: 10,
    marketCapUsd: 1_000_000,
  });

  it('measures the price from the last close before the signal to the latest', () => {
    expect(result.priceImpact.preAnnouncementPrice.value).toBe(100);
    expect(result.priceImpact.currentPrice.value).toBe(120);
    expect(result.priceImpact.percentChange.value).toBe(20);
  });

  it('compares average daily volume in the 7 days after with the 7 days before', () => {
    // before: Jan 5-10, 1000 a day; after: Jan 11-12, 3000 a day -> +200 %; spike 3000 / 1000
    expect(result.priceImpact.volumeIncrease.value).toBe(200);
    expect(result.tradingMetrics.volumeSpike.value).toBe(3);
  });

  it('correlates daily returns with BTC and derives volatility and the 95 % interval', () => {
    expect(result.marketComparison.bitcoinCorrelation.value).toBe(1);
    // returns 0,0,0,0,0,0.1,0.0909: sample sd 0.046651; × sqrt(365) = 89.1 %; 1.96 × sd × sqrt(7) = 24.2 %
    expect(result.tradingMetrics.volatilityIndex.value).toBe(89.1);
    expect(result.predictiveModeling.confidenceInterval.value).toBe(24.2);
  });

  it('averages the sector and values the treasury move', () => {
    expect(result.marketComparison.sectorAverage.value).toBe(3);
    // 10 BTC × (60,000 - 50,000)
    expect(result.marketComparison.cryptoSectorImpact.value).toBe(100_000);
  });

  it('reads the last week as bullish, keeps the full confidence and says what it lacks', () => {
    expect(result.predictiveModeling.shortTermForecast.value).toBe('Bullish (+20% over the last 7 days)');
    expect(result.confidence).toBe(80);
    expect(result.basisNote).toBeNull();
    expect(result.tradingMetrics.retailSentiment).toEqual({ value: null, reason: 'no social sentiment source is ingested' });
    expect(result.predictiveModeling.keyDrivers).toContain('BTC moved +20% since the signal');
    expect(result.predictiveModeling.keyDrivers).toContain('Trading volume up 200% after the signal');
    expect(result.predictiveModeling.riskFactors).toContain('Price moved more than 10% since the signal (pump-check threshold)');
  });
});

describe('computeMarketImpact without a company price', () => {
  it('measures BTC, says so, and leaves correlation, volume and sector empty with reasons', () => {
    const result = computeMarketImpact({
      detectedAt,
      confidence: 90,
      subject: { symbol: 'BTC', basis: 'btc', points: btc },
      btc,
      sectorChanges: [],
      btcHoldings: null,
      marketCapUsd: null,
    });
    expect(result.basisNote).toBe('Company price unavailable: measured on BTC');
    expect(result.priceImpact.percentChange.value).toBe(20);
    expect(result.marketComparison.bitcoinCorrelation).toEqual({ value: null, reason: 'company share price unavailable: the series measured is BTC itself' });
    expect(result.priceImpact.volumeIncrease.value).toBeNull();
    expect(result.priceImpact.volumeIncrease.reason).toMatch(/no traded volume stored for BTC/);
    expect(result.marketComparison.sectorAverage.value).toBeNull();
    expect(result.marketComparison.cryptoSectorImpact.reason).toBe('the company holds no recorded BTC');
    // one of four core figures known: 90 × (0.5 + 0.5 × 0.25) = 56.25 -> 56
    expect(result.confidence).toBe(56);
    expect(result.predictiveModeling.riskFactors).toContain('Company share price unavailable: BTC used as the measured series');
  });

  it('has no change when nothing was stored after the signal', () => {
    const before = btc.filter((point) => point.at < detectedAt);
    const result = computeMarketImpact({
      detectedAt,
      confidence: 80,
      subject: { symbol: 'BTC', basis: 'btc', points: before },
      btc: before,
      sectorChanges: [],
      btcHoldings: 5,
      marketCapUsd: null,
    });
    expect(result.priceImpact.preAnnouncementPrice.value).toBe(50_000);
    expect(result.priceImpact.percentChange).toEqual({ value: null, reason: 'no BTC price stored after the signal' });
    expect(result.marketComparison.cryptoSectorImpact.reason).toBe('no BTC price stored on both sides of the signal');
    expect(result.confidence).toBe(40);
  });
});
