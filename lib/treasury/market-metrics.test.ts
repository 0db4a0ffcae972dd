import {
  btcBeta,
  btcYield,
  computeMarketMetrics,
  dailyCloses,
  latestOnOrBefore,
  marketCapOn,
  mNavHistory,
  realisedVolatility,
  shareVolatility,
  sharesFor,
  splitBetween,
  type DailyClose,
  type Dated,
  type MarketSeries,
} from './market-metrics';
import { companyMarketCap } from '../market/market-cap';
import { isoDay } from '../dates';

const usd = (date: string, close: number, source = 'test-feed'): DailyClose => ({ date, close, currency: 'USD', closeUsd: close, source });
const dated = (date: string, value: number, source = 'test-filing'): Dated => ({ date, value, source });

const empty: MarketSeries = {
  closes: [],
  statedMarketCaps: [],
  basicShares: [],
  dilutedShares: [],
  debt: [],
  cash: [],
  preferred: [],
  splits: [],
  holdings: [],
  btc: [],
};

describe('pairing rules', () => {
  it('finds the latest row on or before a date', () => {
    const rows = [dated('2026-01-01', 1), dated('2026-02-01', 2), dated('2026-03-01', 3)];
    expect(latestOnOrBefore(rows, '2025-12-31')).toBeNull();
    expect(latestOnOrBefore(rows, '2026-02-01')?.value).toBe(2);
    expect(latestOnOrBefore(rows, '2026-02-28')?.value).toBe(2);
    expect(latestOnOrBefore(rows, '2027-01-01')?.value).toBe(3);
  });

  it('treats a split known only to lie in (after, before] as separating dates on opposite sides', () => {
    const splits = [{ after: '2026-02-05', before: '2026-07-10', ratio: null }];
    expect(splitBetween(splits, '2026-01-01', '2026-02-05')).toBeNull();
    expect(splitBetween(splits, '2026-07-10', '2026-08-01')).toBeNull();
    expect(splitBetween(splits, '2026-02-05', '2026-07-10')).not.toBeNull();
    // Inside the window the side is unknown: refused.
    expect(splitBetween(splits, '2026-02-26', '2026-07-10')).not.toBeNull();
    expect(splitBetween(splits, '2026-07-10', '2026-02-26')).not.toBeNull();
  });

  it('refuses a share count from across a split (NAKA: Feb count, July price)', () => {
    const counts = [dated('2026-02-26', 688_942_624)];
    const splits = [{ after: '2026-02-05', before: '2026-07-10', ratio: null, notes: 'probable reverse split' }];
    const result = sharesFor(counts, splits, '2026-07-10', 'basic share');
    expect('reason' in result && result.reason).toMatch(/opposite sides of a share split between 2026-02-05 and 2026-07-10/);
    const cap = marketCapOn('2026-07-10', usd('2026-07-10', 3.79), { statedMarketCaps: [], basicShares: counts, splits });
    expect(cap.value).toBeNull();
    expect(cap.missing[0]).toMatch(/share split/);
  });

  it('prefers the market cap a dated source states for the day over price × shares', () => {
    const series = { statedMarketCaps: [dated('2026-07-10', 35_169_548_960, 'strategy')], basicShares: [dated('2026-07-01', 300_000_000)], splits: [] };
    expect(marketCapOn('2026-07-10', usd('2026-07-10', 94.64), series)).toMatchObject({ value: 35_169_548_960, asOf: '2026-07-10' });
    // The next day has no stated figure: 100 × 300M.
    expect(marketCapOn('2026-07-13', usd('2026-07-13', 100), series)).toMatchObject({ value: 30_000_000_000, asOf: '2026-07-13' });
  });

  it('never uses a share count dated after the price', () => {
    const cap = marketCapOn('2026-07-10', usd('2026-07-10', 94.64), { statedMarketCaps: [], basicShares: [dated('2026-07-16', 376_424_000)], splits: [] });
    expect(cap.value).toBeNull();
    expect(cap.missing[0]).toMatch(/no basic share count dated on or before 2026-07-10 \(first: 2026-07-16\)/);
  });

  it('leaves a non-USD close without an FX rate unconverted and says so', () => {
    const close: DailyClose = { date: '2026-02-06', close: 340, currency: 'JPY', closeUsd: null, source: 'feed' };
    const cap = marketCapOn('2026-02-06', close, { statedMarketCaps: [], basicShares: [dated('2026-01-01', 1e9)], splits: [] });
    expect(cap.value).toBeNull();
    expect(cap.missing[0]).toMatch(/JPY close of 2026-02-06 has no USD value/);
  });

  it('keeps one close per day', () => {
    expect(dailyCloses([usd('2026-01-02', 10, 'b'), usd('2026-01-02', 10.01, 'a'), usd('2026-01-01', 9)]).map((close) => [close.date, close.close])).toEqual([
      ['2026-01-01', 9],
      ['2026-01-02', 10.01],
    ]);
  });
});

describe('mNAV', () => {
  // Holdings 1,000 BTC from 1 Jan, 1,200 from 1 Mar; BTC 50,000 then 60,000; 10M shares from 1 Jan.
  const series: MarketSeries = {
    ...empty,
    closes: [usd('2025-12-31', 5), usd('2026-01-02', 8), usd('2026-03-02', 9)],
    basicShares: [dated('2026-01-01', 10_000_000)],
    dilutedShares: [dated('2026-01-01', 12_000_000)],
    debt: [dated('2025-12-31', 20_000_000)],
    preferred: [dated('2025-12-31', 0)],
    cash: [dated('2025-12-31', 5_000_000)],
    holdings: [dated('2026-01-01', 1000), dated('2026-03-01', 1200)],
    btc: [dated('2026-01-01', 50_000), dated('2026-03-02', 60_000)],
  };

  it('computes daily history from the first holdings reading, each input the latest on or before the day', () => {
    // 2025-12-31: before the first holdings reading → no point.
    // 2026-01-02: 8 × 10M = 80M ÷ (1,000 × 50,000 from 1 Jan, within 4 days) = 1.6.
    // 2026-03-02: 9 × 10M = 90M ÷ (1,200 × 60,000) = 1.25.
    expect(mNavHistory(series)).toEqual([
      { date: '2026-01-02', mNav: 1.6, marketCapUsd: 80_000_000, navUsd: 50_000_000 },
      { date: '2026-03-02', mNav: 1.25, marketCapUsd: 90_000_000, navUsd: 72_000_000 },
    ]);
  });

  it('skips a day whose BTC price is more than 4 days old', () => {
    expect(mNavHistory({ ...series, btc: [dated('2025-12-20', 50_000)] })).toEqual([]);
  });

  it('gives mNAV, premium, EV and diluted mNAV as of the latest complete day, with dated inputs', () => {
    const metrics = computeMarketMetrics(series);
    expect(metrics.asOf).toBe('2026-03-02');
    expect(metrics.mNav).toMatchObject({ value: 1.25, asOf: '2026-03-02', missing: [] });
    expect(metrics.premium.value).toBe(0.25);
    // EV = 90M + 20M + 0 − 5M = 105M ÷ 72M = 1.4583.
    expect(metrics.evMNav.value).toBe(1.4583);
    // Diluted: 9 × 12M = 108M ÷ 72M = 1.5.
    expect(metrics.dilutedMNav.value).toBe(1.5);
    expect(metrics.mNav.inputs.map((input) => [input.name, input.asOf])).toEqual([
      ['share price (USD)', '2026-03-02'],
      ['basic shares', '2026-01-01'],
      ['BTC held', '2026-03-01'],
      ['BTC price (USD)', '2026-03-02'],
    ]);
    // BTC per 1,000 shares at the latest holdings reading: 1,200 ÷ 10M × 1,000 = 0.12.
    expect(metrics.btcPer1000Shares).toMatchObject({ value: 0.12, asOf: '2026-03-01' });
    // Leverage at 1 Mar: 20M ÷ (1,200 × 50,000 — the 1 Jan price is too old; the 2 Mar price is after) → no price near.
    expect(metrics.leverage.value).toBeNull();
  });

  it('shows EV mNAV only when debt, preferred and cash are all known', () => {
    const metrics = computeMarketMetrics({ ...series, preferred: [] });
    expect(metrics.evMNav.value).toBeNull();
    expect(metrics.evMNav.missing).toEqual(['no preferred equity figure dated on or before 2026-03-02']);
  });

  it('names the reason when no day has an mNAV', () => {
    expect(computeMarketMetrics({ ...series, closes: [] }).mNav.missing).toEqual(['no share price or stated market cap stored']);
    expect(computeMarketMetrics({ ...series, basicShares: [] }).mNav.missing).toEqual(['no basic share count stored']);
    expect(computeMarketMetrics({ ...series, holdings: [] }).mNav.missing).toEqual(['no holdings reading']);
  });

  it('refuses to pair a pre-split price history with a post-split count (ASST)', () => {
    const asst: MarketSeries = {
      ...empty,
      closes: [usd('2026-02-04', 0.5), usd('2026-02-05', 0.4931)],
      basicShares: [dated('2026-01-15', 1_000_000_000), dated('2026-02-11', 63_048_519)],
      splits: [{ after: '2026-02-05', before: '2026-02-11', ratio: 0.05 }],
      holdings: [dated('2026-01-01', 10_000)],
      btc: [dated('2026-02-05', 70_000)],
    };
    // The January count is on the same side as the February closes: allowed.
    expect(computeMarketMetrics(asst).mNav.value).toBeCloseTo((0.4931 * 1e9) / (10_000 * 70_000), 4);
    // Take the January count away and the only count is post-split: no mNAV, the split is named.
    const refused = computeMarketMetrics({ ...asst, basicShares: [dated('2026-02-11', 63_048_519)] });
    expect(refused.mNav.value).toBeNull();
    expect(refused.mNav.missing[0]).toMatch(/no basic share count dated on or before 2026-02-05/);
    const across = computeMarketMetrics({ ...asst, basicShares: [dated('2026-02-05', 1e9)], closes: [usd('2026-02-12', 10)], btc: [dated('2026-02-12', 70_000)] });
    expect(across.mNav.value).toBeNull();
    expect(across.mNav.missing[0]).toMatch(/share split between 2026-02-05 and 2026-02-11/);
  });
});

describe('BTC yield (Strategy KPI: % change in BTC per share)', () => {
  it('uses diluted counts at both ends when they exist', () => {
    const series: MarketSeries = {
      ...empty,
      dilutedShares: [dated('2026-01-01', 100), dated('2026-04-01', 110)],
      holdings: [dated('2025-12-31', 10), dated('2026-03-31', 13.2)],
    };
    // End: 13.2 / 110 = 0.12; start (90 days before 1 Apr = 1 Jan): 10 / 100 = 0.1 → +20 %.
    const figure = btcYield(series, 90);
    expect(figure).toMatchObject({ value: 20, asOf: '2026-04-01' });
    expect(figure.inputs.map((input) => input.name)).toContain('diluted shares at end');
  });

  it('falls back to basic counts, labelled so, and needs a count near the window start', () => {
    const series: MarketSeries = {
      ...empty,
      basicShares: [dated('2026-01-01', 100), dated('2026-04-01', 125)],
      holdings: [dated('2025-12-31', 10), dated('2026-03-31', 13.75)],
    };
    // End (1 Apr): 13.75 / 125 = 0.11; start (1 Jan): 10 / 100 = 0.1 → +10 %.
    expect(btcYield(series, 90)).toMatchObject({ value: 10, asOf: '2026-04-01' });
    expect(btcYield(series, 90).inputs.map((input) => input.name)).toContain('basic shares at start');
    // 30 days: no count near 2 Mar.
    expect(btcYield(series, 30).value).toBeNull();
    expect(btcYield(series, 30).missing.join(' ')).toMatch(/no basic share count near 2026-03-02/);
  });

  it('is null across a split', () => {
    const series: MarketSeries = {
      ...empty,
      basicShares: [dated('2026-01-01', 100), dated('2026-04-01', 5)],
      splits: [{ after: '2026-02-01', before: '2026-02-10', ratio: 0.05 }],
      holdings: [dated('2025-12-31', 10)],
    };
    expect(btcYield(series, 90).value).toBeNull();
    expect(btcYield(series, 90).missing.join(' ')).toMatch(/share split/);
  });
});

describe('share volatility', () => {
  it('annualises the sample deviation of daily log returns with √252', () => {
    const closes = Array.from({ length: 11 }, (_, index) => (index % 2 === 0 ? 100 : 110));
    const r = Math.log(1.1);
    expect(realisedVolatility(closes)).toBeCloseTo(Math.sqrt((10 * r * r) / 9) * Math.sqrt(252), 10);
  });

  it('uses the 30 days to the newest close and needs 15 closes', () => {
    const days = Array.from({ length: 20 }, (_, index) => `2026-01-${String(index + 1).padStart(2, '0')}`);
    const closes = days.map((date, index) => usd(date, index % 2 === 0 ? 100 : 110));
    const figure = shareVolatility(closes, []);
    expect(figure.asOf).toBe('2026-01-20');
    // All 20 closes (the window is 30 days); the formula is checked by hand above.
    expect(figure.value).toBeCloseTo(realisedVolatility(closes.map((close) => close.close))!, 4);
    expect(shareVolatility(closes.slice(0, 10), []).missing[0]).toMatch(/only 10 closes/);
    expect(shareVolatility(closes, [{ after: '2026-01-05', before: '2026-01-06', ratio: 0.1 }]).missing[0]).toMatch(/share split/);
  });
});

describe('BTC beta', () => {
  // 40 days of BTC; its log return alternates +2 % and −1 %. The share's log return is exactly twice
  // BTC's over any span, so its beta is 2 whatever days it skips.
  const days = Array.from({ length: 40 }, (_, index) => isoDay(new Date(Date.UTC(2026, 0, 1 + index))));
  const btcLog = days.map((_, index) => Array.from({ length: index }, (__, step) => (step % 2 === 0 ? 0.02 : -0.01)).reduce((sum, value) => sum + value, 0));
  const btc = days.map((date, index) => dated(date, 100_000 * Math.exp(btcLog[index]!), 'btc-feed'));
  // No close on every 7th day (a market holiday): the return spans two days, and so does BTC's.
  const closes = days.flatMap((date, index) => (index % 7 === 6 ? [] : [usd(date, 50 * Math.exp(2 * btcLog[index]!))]));

  it('is cov ÷ var of the share’s and BTC’s log returns over the same dates, with BTC’s volatility over those dates', () => {
    const figure = btcBeta(closes, btc, []);
    expect(figure.value).toBeCloseTo(2, 4);
    expect(figure.asOf).toBe('2026-02-09');
    const pairedBtcReturns = closes.slice(1).map((close, index) => btcLog[days.indexOf(close.date)]! - btcLog[days.indexOf(closes[index]!.date)]!);
    const mean = pairedBtcReturns.reduce((sum, value) => sum + value, 0) / pairedBtcReturns.length;
    const variance = pairedBtcReturns.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (pairedBtcReturns.length - 1);
    expect(figure.btcVolatility).toBeCloseTo(Math.sqrt(variance * 252), 4);
    expect(figure.inputs[0]).toMatchObject({ name: `${closes.length - 1} daily share returns from 2026-01-02`, asOf: '2026-02-09', source: 'test-feed' });
    expect(figure.inputs[1]).toMatchObject({ name: 'BTC volatility over the same dates (annualised)', source: 'btc-feed' });
  });

  it('pairs only days with a BTC price on both ends, needs 20 returns and refuses a split', () => {
    const sparseBtc = btc.filter((_, index) => index < 15);
    expect(btcBeta(closes, sparseBtc, []).missing[0]).toMatch(/only \d+ daily returns with a BTC price on both days/);
    expect(btcBeta(closes.slice(0, 12), btc, []).missing[0]).toMatch(/only 12 closes in the 90 days/);
    expect(btcBeta(closes, btc, [{ after: '2026-01-20', before: '2026-01-22', ratio: 10 }]).missing[0]).toMatch(/share split/);
    expect(btcBeta([], btc, []).value).toBeNull();
  });
});

describe('companyMarketCap (the company-level fallback)', () => {
  it('takes the stated market cap first', () => {
    expect(companyMarketCap({ marketCapUsd: 5e9, sharePriceUsd: 10, sharesOutstanding: 1e6 })).toBe(5e9);
  });
  it('falls back to share price × shares outstanding', () => {
    expect(companyMarketCap({ marketCapUsd: null, sharePriceUsd: 12.5, sharesOutstanding: 2e6 })).toBe(25e6);
  });
  it('is unknown without a price or a share count', () => {
    expect(companyMarketCap({ marketCapUsd: null, sharePriceUsd: null, sharesOutstanding: 2e6 })).toBeNull();
    expect(companyMarketCap({ marketCapUsd: null, sharePriceUsd: 12.5, sharesOutstanding: null })).toBeNull();
    expect(companyMarketCap({ marketCapUsd: null, sharePriceUsd: 0, sharesOutstanding: 2e6 })).toBeNull();
  });
});
