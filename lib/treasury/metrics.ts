// The company metrics of spec 001 §3, computed from stored data. Every formula is written out in
// docs/metrics.md; keep the two in step. Pure functions: the store (metrics-store.ts) loads inputs.

export const healthGrades = ['A', 'B', 'C', 'D', 'F'] as const;
export type HealthGrade = (typeof healthGrades)[number];

/** Spec 001 §9: the figures shown when a metric's inputs are missing. */
export const metricDefaults = { healthGrade: 'C', aiRiskScore: 5, convictionScore: 5, governanceScore: 7, dryPowderScore: 5, volatilityExposure: 5, insiderTimingSignal: 0 } as const;

export const metricNames = [
  'healthGrade',
  'aiRiskScore',
  'convictionScore',
  'governanceScore',
  'dryPowderScore',
  'premiumToNav',
  'bitcoinYield',
  'insiderTimingSignal',
  'volatilityExposure',
] as const;
export type MetricName = (typeof metricNames)[number];

interface HoldingPoint {
  asOf: Date;
  quantity: number;
}

export interface InsiderTrade {
  transactionDate: Date;
  shares: number;
  /** A (acquired) or D (disposed), as Form 4 reports it. */
  acquiredDisposed: string;
}

export interface MetricInputs {
  btcHoldings: number;
  holdingsAsOf: Date;
  /** Latest BTC price in USD, or null when no price is stored. */
  btcPriceUsd: number | null;
  /** Annualised volatility of BTC's daily log returns (0.55 = 55 %), or null without enough prices. */
  btcVolatility: number | null;
  marketCapUsd: number | null;
  sharesOutstanding: number | null;
  avgCostUsd: number | null;
  /** Holdings history, any order; points older than a year are ignored. */
  history: readonly HoldingPoint[];
  /** Form 4 transactions; only the last 90 days count. */
  insiderTrades: readonly InsiderTrade[];
  /** Two sources disagree by more than 5 % (provenance rule). */
  flagged: boolean;
  /** Files with the SEC (has a CIK): audited periodic reports and Form 4 coverage. */
  secRegistrant: boolean;
  /** The current holdings figure links to a source document. */
  hasSourceDocument: boolean;
  now: Date;
  /**
   * Point-in-time market figures (market-metrics.ts), each as of its own date. When `mNav` is given it
   * replaces market cap ÷ (holdings × latest BTC price), and `navUsd` is the NAV of that same day.
   */
  mNav?: number | null;
  navUsd?: number | null;
  /** 30-day realised volatility of the share, annualised (0.8 = 80 %). */
  shareVolatility?: number | null;
  /** The share's measured BTC beta and BTC's annualised volatility over the same dates (market-metrics.ts btcBeta). */
  btcBeta?: { beta: number; btcVolatility: number } | null;
  /** Debt ÷ BTC NAV. */
  leverage?: number | null;
  /** BTC yield over 90 days in %, as Strategy defines it (market-metrics.ts btcYield). */
  btcYield?: number | null;
}

/** The risk inputs that can be missing, named in `missingInputs` (never replaced by a made-up figure). */
export type RiskInputName = 'mNAV' | 'share volatility' | 'leverage' | 'holdings history' | 'governance inputs';

export interface CompanyMetrics {
  healthGrade: HealthGrade;
  aiRiskScore: number;
  convictionScore: number;
  governanceScore: number;
  dryPowderScore: number;
  premiumToNav: number | null;
  bitcoinYield: number | null;
  insiderTimingSignal: number;
  volatilityExposure: number;
  /** What volatilityExposure was measured from: the share's BTC beta, else mNAV (NAV ÷ market cap); null when it is the default. */
  exposureBasis: ExposureBasis | null;
  /** The metrics that fell back to a default (or to null) because their inputs are missing. */
  defaults: MetricName[];
  /** Inputs of the risk and health formulas that are unknown for this company (their terms count 0). */
  missingInputs: RiskInputName[];
  /** The grade rests mostly on defaults: more of its inputs are missing than known. */
  provisional: boolean;
}

const day = 86_400_000;
const convictionWindowDays = 365;
export const insiderWindowDays = 90;
const staleHoldingsDays = 120;
/** A drop smaller than this between two readings is treated as rounding, not a sale. */
const saleThreshold = 0.01;
/** BTC's long-run annualised volatility, the yardstick of volatilityExposure. */
const referenceBtcVolatility = 0.6;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Market value of the bitcoin held. */
function navUsd(btcHoldings: number, btcPriceUsd: number | null): number | null {
  return btcPriceUsd && btcPriceUsd > 0 && btcHoldings > 0 ? btcHoldings * btcPriceUsd : null;
}

/** mNAV: market capitalisation ÷ value of the bitcoin held. */
function premiumToNav(marketCapUsd: number | null, nav: number | null): number | null {
  return marketCapUsd && marketCapUsd > 0 && nav ? round(marketCapUsd / nav, 2) : null;
}

/**
 * Readings in the `days` before the latest reading (not before today: a company that stopped
 * reporting keeps its last year's record, and staleness is judged separately), oldest first, one per
 * date (the last one given for a date wins).
 */
function windowHistory(history: readonly HoldingPoint[], now: Date, days: number): HoldingPoint[] {
  const byDate = new Map<number, HoldingPoint>();
  for (const point of history) {
    const time = point.asOf.getTime();
    if (time <= now.getTime()) byDate.set(time, point);
  }
  const points = [...byDate.values()].sort((a, b) => a.asOf.getTime() - b.asOf.getTime());
  const latest = points.at(-1)?.asOf.getTime() ?? 0;
  return points.filter((point) => point.asOf.getTime() >= latest - days * day);
}

interface HistoryMoves {
  increases: number;
  sales: number;
  growth: number;
  spanDays: number;
  /** The largest fall between two consecutive readings, as a fraction of the earlier one. */
  largestDrop: number;
}

/** Counts purchases and sales between consecutive readings, and the growth from first to last. */
function historyMoves(points: readonly HoldingPoint[]): HistoryMoves | null {
  if (points.length < 2) return null;
  let increases = 0;
  let sales = 0;
  let largestDrop = 0;
  for (let index = 1; index < points.length; index += 1) {
    const before = points[index - 1]!.quantity;
    const after = points[index]!.quantity;
    if (after > before) increases += 1;
    else if (before > 0 && (before - after) / before > saleThreshold) {
      sales += 1;
      largestDrop = Math.max(largestDrop, (before - after) / before);
    }
  }
  const first = points[0]!;
  const last = points.at(-1)!;
  const growth = first.quantity > 0 ? (last.quantity - first.quantity) / first.quantity : last.quantity > 0 ? 1 : 0;
  return { increases, sales, growth, spanDays: (last.asOf.getTime() - first.asOf.getTime()) / day, largestDrop };
}

/**
 * 0–10: how steadily the company accumulates. 35 % growth over the year (full marks at +50 %),
 * 40 % never selling, 25 % buying frequency (full marks for a purchase every month).
 */
function convictionScore(moves: HistoryMoves): number {
  const growthPart = clamp(moves.growth / 0.5, 0, 1);
  const heldPart = moves.sales === 0 ? 1 : 0;
  const months = Math.max(1, moves.spanDays / 30.4);
  const frequencyPart = clamp(moves.increases / months, 0, 1);
  return round(10 * (0.35 * growthPart + 0.4 * heldPart + 0.25 * frequencyPart));
}

/** −1 (insiders only sold) … +1 (insiders only bought), by shares, over the last 90 days. */
export function insiderTiming(trades: readonly InsiderTrade[], now: Date): { value: number; trades: number } {
  const from = now.getTime() - insiderWindowDays * day;
  let bought = 0;
  let sold = 0;
  let count = 0;
  for (const trade of trades) {
    const time = trade.transactionDate.getTime();
    if (time < from || time > now.getTime() || !(trade.shares > 0)) continue;
    count += 1;
    if (trade.acquiredDisposed === 'A') bought += trade.shares;
    else if (trade.acquiredDisposed === 'D') sold += trade.shares;
  }
  return { value: bought + sold > 0 ? round((bought - sold) / (bought + sold), 2) : 0, trades: count };
}

export type ExposureBasis = 'btc beta' | 'mNAV';

/**
 * 0–10: how much of the share moves with bitcoin, scaled by how volatile bitcoin is against its
 * long-run 60 %. Measured by the share's BTC beta (with BTC's volatility over the same dates) where its
 * prices allow; else estimated by the share of the company's value that is bitcoin (NAV ÷ market cap).
 */
function volatilityExposure(
  beta: MetricInputs['btcBeta'],
  nav: number | null,
  marketCapUsd: number | null,
  btcVolatility: number | null,
): { value: number; basis: ExposureBasis } | null {
  const score = (weight: number, volatility: number | null) =>
    round(clamp(10 * Math.max(0, weight) * (volatility ? volatility / referenceBtcVolatility : 1), 0, 10));
  if (beta) return { value: score(beta.beta, beta.btcVolatility), basis: 'btc beta' };
  if (!nav || !marketCapUsd || marketCapUsd <= 0) return null;
  return { value: score(Math.min(1, nav / marketCapUsd), btcVolatility), basis: 'mNAV' };
}

/** 0–10: room to buy more bitcoin accretively. 5 at mNAV 1, 10 at mNAV 3 or more, 0 at mNAV ⅓ or less. */
function dryPowderScore(mNav: number | null): number | null {
  if (!mNav) return null;
  return round(clamp(5 + (5 * Math.log(mNav)) / Math.log(3), 0, 10));
}

/** Health from the three scores: 40 % inverse risk, 35 % conviction, 25 % governance, on 0–10. */
function healthScore(risk: number, conviction: number, governance: number): number {
  return 0.4 * (10 - risk) + 0.35 * conviction + 0.25 * governance;
}

/** Grade bands of the health score (docs/metrics.md): A ≥ 7, B ≥ 6, C ≥ 5.5, D ≥ 4.5, else F. */
export function gradeOf(score: number): HealthGrade {
  if (score >= 7) return 'A';
  if (score >= 6) return 'B';
  if (score >= 5.5) return 'C';
  if (score >= 4.5) return 'D';
  return 'F';
}

/**
 * Annualised volatility of daily log returns: sample σ × √periodsPerYear (365 for bitcoin, which trades
 * every day; 252 trading days for shares). Null with fewer than `minPrices` positive prices.
 */
export function logReturnVolatility(prices: readonly number[], periodsPerYear: number, minPrices: number): number | null {
  const positive = prices.filter((price) => price > 0);
  if (positive.length < Math.max(3, minPrices)) return null;
  const returns = positive.slice(1).map((price, index) => Math.log(price / positive[index]!));
  const mean = returns.reduce((sum, value) => sum + value, 0) / returns.length;
  const variance = returns.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance) * Math.sqrt(periodsPerYear);
}

/** Bitcoin's annualised volatility of daily log returns; null with fewer than 10 prices. */
export function annualisedVolatility(prices: readonly number[]): number | null {
  return logReturnVolatility(prices, 365, 10);
}

/** Risk of the premium: up to 2 above NAV (1.25 × log2 mNAV), up to 1 below it (2 × discount). */
export function premiumRisk(mNav: number): number {
  if (mNav > 1) return Math.min(2, 1.25 * Math.log2(mNav));
  if (mNav < 1) return Math.min(1, 2 * (1 - mNav));
  return 0;
}

/** Risk of the share's own volatility: 3 at 150 % annualised or more. */
const shareVolatilityRisk = (volatility: number) => 3 * Math.min(1, volatility / 1.5);
/** Risk of leverage: 2 when debt reaches half the BTC NAV. */
const leverageRisk = (leverage: number) => 2 * Math.min(1, Math.max(0, leverage) / 0.5);
/** Risk of a small treasury: 1.5 at 1 BTC or less, 0 at 10,000 BTC or more (log scale). */
export const sizeRisk = (btc: number) => 1.5 * clamp((4 - Math.log10(Math.max(1, btc))) / 4, 0, 1);
/** Risk of stale holdings: 1 when older than 120 days, up to 2 a year later. */
export const staleRisk = (ageDays: number) => (ageDays > staleHoldingsDays ? 1 + Math.min(1, (ageDays - staleHoldingsDays) / 365) : 0);
/** Risk of selling: 1 for any sale in the year plus up to 1 for the largest fall (full at −50 %). */
const saleRisk = (moves: HistoryMoves | null) => (moves && moves.sales > 0 ? 1 + Math.min(1, 2 * moves.largestDrop) : 0);

export function computeMetrics(inputs: MetricInputs): CompanyMetrics {
  const defaults: MetricName[] = [];
  const missingInputs: RiskInputName[] = [];
  const { now } = inputs;
  const marketGiven = inputs.mNav !== undefined;
  const nav = marketGiven ? (inputs.navUsd ?? null) : navUsd(inputs.btcHoldings, inputs.btcPriceUsd);
  const mNav = marketGiven ? (inputs.mNav ? round(inputs.mNav, 2) : null) : premiumToNav(inputs.marketCapUsd, nav);
  if (mNav === null) {
    defaults.push('premiumToNav');
    missingInputs.push('mNAV');
  }

  const yearMoves = historyMoves(windowHistory(inputs.history, now, convictionWindowDays));
  const conviction = yearMoves ? convictionScore(yearMoves) : metricDefaults.convictionScore;
  if (!yearMoves) {
    defaults.push('convictionScore');
    missingInputs.push('holdings history');
  }

  // BTC yield as Strategy defines it (per share at both ends); never holdings growth in disguise.
  const bitcoinYield = inputs.btcYield ?? null;
  if (bitcoinYield === null) defaults.push('bitcoinYield');

  const insider = insiderTiming(inputs.insiderTrades, now);
  if (insider.trades === 0 && !inputs.secRegistrant) defaults.push('insiderTimingSignal');

  const measuredExposure = volatilityExposure(inputs.btcBeta ?? null, nav, mNav !== null && nav ? mNav * nav : inputs.marketCapUsd, inputs.btcVolatility);
  if (measuredExposure === null) defaults.push('volatilityExposure');
  const exposure = measuredExposure?.value ?? null;
  const exposureValue = exposure ?? metricDefaults.volatilityExposure;

  const powder = dryPowderScore(mNav);
  if (powder === null) defaults.push('dryPowderScore');

  const ageDays = (now.getTime() - inputs.holdingsAsOf.getTime()) / day;
  const stale = ageDays > staleHoldingsDays;
  const insiderSelling = insider.value <= -0.5;

  const shareVolatility = inputs.shareVolatility ?? null;
  let volatilityTerm = 0;
  if (shareVolatility !== null) volatilityTerm = shareVolatilityRisk(shareVolatility);
  else if (exposure !== null) volatilityTerm = 0.3 * exposure;
  else missingInputs.push('share volatility');
  const leverage = inputs.leverage ?? null;
  if (leverage === null) missingInputs.push('leverage');

  let risk: number;
  if (!yearMoves && mNav === null) {
    risk = metricDefaults.aiRiskScore;
    defaults.push('aiRiskScore');
  } else {
    risk = round(
      clamp(
        2 +
          (mNav === null ? 0 : premiumRisk(mNav)) +
          volatilityTerm +
          (leverage === null ? 0 : leverageRisk(leverage)) +
          saleRisk(yearMoves) +
          (inputs.flagged ? 1 : 0) +
          staleRisk(ageDays) +
          (insiderSelling ? 1 : 0) +
          sizeRisk(inputs.btcHoldings),
        0,
        10,
      ),
    );
  }

  const governanceInputs = inputs.secRegistrant || inputs.hasSourceDocument || inputs.avgCostUsd !== null;
  const governance = governanceInputs
    ? round(
        clamp(
          7 +
            (inputs.secRegistrant ? 1 : 0) +
            (inputs.hasSourceDocument ? 0.5 : 0) +
            (inputs.avgCostUsd !== null ? 0.5 : 0) -
            (inputs.flagged ? 2 : 0) -
            (stale ? 1 : 0) -
            (insiderSelling ? 1 : 0),
          0,
          10,
        ),
      )
    : metricDefaults.governanceScore;
  if (!governanceInputs) {
    defaults.push('governanceScore');
    missingInputs.push('governance inputs');
  }

  const gradeDefault = defaults.includes('aiRiskScore') && defaults.includes('convictionScore');
  const healthGrade = gradeDefault ? metricDefaults.healthGrade : gradeOf(healthScore(risk, conviction, governance));
  if (gradeDefault) defaults.unshift('healthGrade');
  // The grade's inputs: mNAV, volatility, leverage, the holdings history (risk and conviction) and
  // governance's; provisional when more of them are missing than known.
  const gradeInputs = 6;
  const missingCount = missingInputs.length + (missingInputs.includes('holdings history') ? 1 : 0);
  const provisional = gradeDefault || missingCount > gradeInputs - missingCount;

  return {
    healthGrade,
    aiRiskScore: risk,
    convictionScore: conviction,
    governanceScore: governance,
    dryPowderScore: powder ?? metricDefaults.dryPowderScore,
    premiumToNav: mNav,
    bitcoinYield,
    insiderTimingSignal: insider.value,
    volatilityExposure: exposureValue,
    exposureBasis: measuredExposure?.basis ?? null,
    defaults,
    missingInputs,
    provisional,
  };
}
