// Market impact of a signal (spec 001 §2 Market Impact Analysis panel, §3 Market analysis result),
// computed from stored price history instead of the original's random numbers. Every figure that
// the stored data cannot support is null with the reason, never a guess. Formulas: docs/metrics.md.
import { percentChange } from '../market/percent-change';
import { isoDay } from '../dates';

export interface PricePoint {
  at: Date;
  priceUsd: number;
  volumeUsd: number | null;
}

export interface Figure<T> {
  value: T | null;
  /** Why the value is null; absent when it is known. */
  reason?: string;
}

export interface MarketImpactInput {
  detectedAt: Date;
  confidence: number;
  /** The series the impact is measured on: the company's share price, or BTC when none is stored. */
  subject: { symbol: string; basis: 'company' | 'btc'; points: PricePoint[] };
  btc: PricePoint[];
  /** Price change of each same-sector company with its own prices, over the same dates. */
  sectorChanges: number[];
  /** BTC the company holds, for the value change of its treasury. */
  btcHoldings: number | null;
  marketCapUsd: number | null;
}

export interface MarketImpact {
  basis: 'company' | 'btc';
  symbol: string;
  basisNote: string | null;
  priceImpact: {
    preAnnouncementPrice: Figure<number>;
    currentPrice: Figure<number>;
    percentChange: Figure<number>;
    volumeIncrease: Figure<number>;
  };
  marketComparison: {
    sectorAverage: Figure<number>;
    bitcoinCorrelation: Figure<number>;
    cryptoSectorImpact: Figure<number>;
  };
  tradingMetrics: {
    volumeSpike: Figure<number>;
    volatilityIndex: Figure<number>;
    institutionalFlow: Figure<number>;
    retailSentiment: Figure<string>;
  };
  predictiveModeling: {
    shortTermForecast: Figure<string>;
    confidenceInterval: Figure<number>;
    keyDrivers: string[];
    riskFactors: string[];
  };
  confidence: number;
}

const day = 86_400_000;
/** Days on each side of the signal whose volume is compared. */
const volumeWindowDays = 7;
/** Days of history behind the correlation and the volatility index. */
const returnWindowDays = 90;
/** Fewest paired daily returns a correlation or a volatility is computed from. */
const minReturns = 5;
/** Horizon of the confidence interval, in days. */
const forecastDays = 7;

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const known = <T>(value: T): Figure<T> => ({ value });
const missing = <T>(reason: string): Figure<T> => ({ value: null, reason });


/** Last point at or before `at` (points sorted ascending). */
export function lastAtOrBefore(points: readonly PricePoint[], at: Date): PricePoint | null {
  let found: PricePoint | null = null;
  for (const point of points) {
    if (point.at.getTime() <= at.getTime()) found = point;
    else break;
  }
  return found;
}

/** One closing point per UTC day: the last reading of that day. */
function dailyCloses(points: readonly PricePoint[]): Map<string, number> {
  const closes = new Map<string, number>();
  for (const point of points) closes.set(isoDay(point.at), point.priceUsd);
  return closes;
}

/** Simple returns between consecutive days both series have, oldest first. */
export function pairedReturns(a: Map<string, number>, b: Map<string, number>): { a: number[]; b: number[] } {
  const days = [...a.keys()].filter((key) => b.has(key)).sort();
  const result = { a: [] as number[], b: [] as number[] };
  for (let index = 1; index < days.length; index += 1) {
    const previous = days[index - 1]!;
    const current = days[index]!;
    result.a.push(a.get(current)! / a.get(previous)! - 1);
    result.b.push(b.get(current)! / b.get(previous)! - 1);
  }
  return result;
}

export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return null;
  const meanX = xs.slice(0, n).reduce((sum, x) => sum + x, 0) / n;
  const meanY = ys.slice(0, n).reduce((sum, y) => sum + y, 0) / n;
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (let index = 0; index < n; index += 1) {
    const dx = xs[index]! - meanX;
    const dy = ys[index]! - meanY;
    covariance += dx * dy;
    varianceX += dx * dx;
    varianceY += dy * dy;
  }
  if (varianceX === 0 || varianceY === 0) return null;
  return covariance / Math.sqrt(varianceX * varianceY);
}

/** Sample standard deviation. */
export function standardDeviation(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1));
}

/** Returns of consecutive stored days of one series (not necessarily calendar-adjacent). */
function ownReturns(points: readonly PricePoint[]): number[] {
  const closes = [...dailyCloses(points).entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, price]) => price);
  return closes.slice(1).map((price, index) => price / closes[index]! - 1);
}

function sumVolume(points: readonly PricePoint[], from: number, to: number): { total: number; days: number; max: number } | null {
  const inWindow = points.filter((point) => point.at.getTime() > from && point.at.getTime() <= to && point.volumeUsd !== null);
  if (!inWindow.length) return null;
  return {
    total: inWindow.reduce((sum, point) => sum + point.volumeUsd!, 0),
    days: inWindow.length,
    max: Math.max(...inWindow.map((point) => point.volumeUsd!)),
  };
}

/** Volume: the N days after the signal against the N days before it. */
function volumeFigures(points: readonly PricePoint[], detected: number, symbol: string): { volumeIncrease: Figure<number>; volumeSpike: Figure<number> } {
  const volumeBefore = sumVolume(points, detected - volumeWindowDays * day, detected);
  const volumeAfter = sumVolume(points, detected, detected + volumeWindowDays * day);
  const noVolume = `no traded volume stored for ${symbol} in the ${volumeWindowDays} days ${volumeBefore ? 'after' : 'before'} the signal`;
  const volumeChange = volumeBefore && volumeAfter ? percentChange({ from: volumeBefore.total / volumeBefore.days, to: volumeAfter.total / volumeAfter.days }) : null;
  return {
    volumeIncrease: volumeChange === null ? missing<number>(noVolume) : known(round(volumeChange, 1)),
    volumeSpike:
      volumeBefore && volumeAfter && volumeBefore.total > 0 ? known(round(volumeAfter.max / (volumeBefore.total / volumeBefore.days), 2)) : missing<number>(noVolume),
  };
}

/** What the stored data says moved the price: BTC's move, the holdings' weight, the correlation, the volume. */
function keyDriversOf(facts: {
  btcChange: number | null;
  btcLatest: PricePoint | null;
  btcHoldings: number | null;
  marketCapUsd: number | null;
  bitcoinCorrelation: Figure<number>;
  volumeIncrease: Figure<number>;
}): string[] {
  const { btcChange, btcLatest, btcHoldings, marketCapUsd, bitcoinCorrelation, volumeIncrease } = facts;
  const keyDrivers: string[] = [];
  if (btcChange !== null) keyDrivers.push(`BTC moved ${btcChange >= 0 ? '+' : ''}${round(btcChange, 1)}% since the signal`);
  if (btcHoldings && marketCapUsd && btcLatest) {
    keyDrivers.push(`BTC holdings worth ${round(((btcHoldings * btcLatest.priceUsd) / marketCapUsd) * 100, 1)}% of market capitalisation`);
  } else if (btcHoldings) keyDrivers.push(`${btcHoldings.toLocaleString('en-US')} BTC on the balance sheet`);
  if (bitcoinCorrelation.value !== null && Math.abs(bitcoinCorrelation.value) >= 0.5) keyDrivers.push(`Share price tracks BTC (correlation ${bitcoinCorrelation.value})`);
  if (volumeIncrease.value !== null && volumeIncrease.value > 0) keyDrivers.push(`Trading volume up ${volumeIncrease.value}% after the signal`);
  return keyDrivers;
}

/** What makes the measured move less certain or the company more exposed. */
function riskFactorsOf(facts: {
  isCompany: boolean;
  volatilityIndex: Figure<number>;
  change: number | null;
  btcHoldings: number | null;
  bitcoinCorrelation: Figure<number>;
  volumeIncrease: Figure<number>;
}): string[] {
  const { isCompany, volatilityIndex, change, btcHoldings, bitcoinCorrelation, volumeIncrease } = facts;
  const riskFactors: string[] = [];
  if (!isCompany) riskFactors.push('Company share price unavailable: BTC used as the measured series');
  if (volatilityIndex.value !== null && volatilityIndex.value >= 60) riskFactors.push(`High volatility (${volatilityIndex.value}% annualised)`);
  if (change !== null && Math.abs(change) > 10) riskFactors.push('Price moved more than 10% since the signal (pump-check threshold)');
  if (btcHoldings && bitcoinCorrelation.value !== null && bitcoinCorrelation.value >= 0.7) riskFactors.push('Concentrated exposure to the BTC price');
  if (volumeIncrease.value === null) riskFactors.push('No volume data to confirm the move');
  return riskFactors;
}

export function computeMarketImpact(input: MarketImpactInput): MarketImpact {
  const points = [...input.subject.points].sort((a, b) => a.at.getTime() - b.at.getTime());
  const btc = [...input.btc].sort((a, b) => a.at.getTime() - b.at.getTime());
  const isCompany = input.subject.basis === 'company';
  const subjectName = isCompany ? `${input.subject.symbol} share price` : 'BTC price';

  // Pre-announcement: the last price strictly before detection; current: the newest stored.
  const before = lastAtOrBefore(points, new Date(input.detectedAt.getTime() - 1));
  const latest = points.at(-1) ?? null;
  const preAnnouncementPrice = before ? known(round(before.priceUsd)) : missing<number>(`no ${subjectName} stored before the signal`);
  const currentPrice = latest ? known(round(latest.priceUsd)) : missing<number>(`no ${subjectName} stored`);
  const change = before && latest && latest.at.getTime() > before.at.getTime() ? percentChange({ from: before.priceUsd, to: latest.priceUsd }) : null;
  const percent = change === null ? missing<number>(before ? `no ${subjectName} stored after the signal` : `no ${subjectName} stored before the signal`) : known(round(change));

  const detected = input.detectedAt.getTime();
  const { volumeIncrease, volumeSpike } = volumeFigures(points, detected, input.subject.symbol);

  // Correlation and volatility over the window before the latest point.
  const windowStart = (latest?.at.getTime() ?? detected) - returnWindowDays * day;
  const recent = points.filter((point) => point.at.getTime() >= windowStart);
  const recentBtc = btc.filter((point) => point.at.getTime() >= windowStart);
  let bitcoinCorrelation: Figure<number>;
  if (!isCompany) bitcoinCorrelation = missing('company share price unavailable: the series measured is BTC itself');
  else {
    const paired = pairedReturns(dailyCloses(recent), dailyCloses(recentBtc));
    const value = paired.a.length >= minReturns ? pearson(paired.a, paired.b) : null;
    bitcoinCorrelation =
      value === null ? missing(`fewer than ${minReturns} days with both ${input.subject.symbol} and BTC prices in the last ${returnWindowDays} days`) : known(round(value, 2));
  }
  const returns = ownReturns(recent);
  const deviation = returns.length >= minReturns ? standardDeviation(returns) : null;
  const volatilityIndex =
    deviation === null ? missing<number>(`fewer than ${minReturns} daily ${subjectName} returns in the last ${returnWindowDays} days`) : known(round(deviation * Math.sqrt(365) * 100, 1));

  const sectorAverage = input.sectorChanges.length
    ? known(round(input.sectorChanges.reduce((sum, value) => sum + value, 0) / input.sectorChanges.length))
    : missing<number>('no other company of this sector has stored share prices around the signal date');

  // The company's BTC treasury value change over the same dates, in USD.
  const btcBefore = lastAtOrBefore(btc, new Date(detected - 1));
  const btcLatest = btc.at(-1) ?? null;
  const cryptoSectorImpact =
    input.btcHoldings && btcBefore && btcLatest && btcLatest.at.getTime() > btcBefore.at.getTime()
      ? known(Math.round(input.btcHoldings * (btcLatest.priceUsd - btcBefore.priceUsd)))
      : missing<number>(input.btcHoldings ? 'no BTC price stored on both sides of the signal' : 'the company holds no recorded BTC');
  const btcChange = btcBefore && btcLatest && btcLatest.at.getTime() > btcBefore.at.getTime() ? percentChange({ from: btcBefore.priceUsd, to: btcLatest.priceUsd }) : null;

  // Outlook: the sign of the last week's trend; interval: 95 % band of the next week's move.
  const weekAgo = latest ? lastAtOrBefore(points, new Date(latest.at.getTime() - forecastDays * day)) : null;
  const trend = weekAgo && latest && weekAgo !== latest ? percentChange({ from: weekAgo.priceUsd, to: latest.priceUsd }) : null;
  const shortTermForecast =
    trend === null
      ? missing<string>(`no ${subjectName} ${forecastDays} days before the latest one`)
      : known(`${trend > 2 ? 'Bullish' : trend < -2 ? 'Bearish' : 'Neutral'} (${trend >= 0 ? '+' : ''}${round(trend, 1)}% over the last ${forecastDays} days)`);
  const confidenceInterval = deviation === null ? missing<number>(volatilityIndex.reason!) : known(round(1.96 * deviation * Math.sqrt(forecastDays) * 100, 1));

  const keyDrivers = keyDriversOf({ btcChange, btcLatest, btcHoldings: input.btcHoldings, marketCapUsd: input.marketCapUsd, bitcoinCorrelation, volumeIncrease });
  const riskFactors = riskFactorsOf({ isCompany, volatilityIndex, change, btcHoldings: input.btcHoldings, bitcoinCorrelation, volumeIncrease });

  // Confidence: the signal's own confidence, scaled by the share of core figures the data supports.
  const core = [percent.value, volumeIncrease.value, bitcoinCorrelation.value, sectorAverage.value];
  const coverage = core.filter((value) => value !== null).length / core.length;
  const confidence = Math.round(input.confidence * (0.5 + 0.5 * coverage));

  return {
    basis: input.subject.basis,
    symbol: input.subject.symbol,
    basisNote: isCompany ? null : 'Company price unavailable: measured on BTC',
    priceImpact: { preAnnouncementPrice, currentPrice, percentChange: percent, volumeIncrease },
    marketComparison: { sectorAverage, bitcoinCorrelation, cryptoSectorImpact },
    tradingMetrics: {
      volumeSpike,
      volatilityIndex,
      institutionalFlow: missing('no institutional flow data source is ingested'),
      retailSentiment: missing('no social sentiment source is ingested'),
    },
    predictiveModeling: { shortTermForecast, confidenceInterval, keyDrivers, riskFactors },
    confidence,
  };
}
