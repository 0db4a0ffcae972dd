// Point-in-time market metrics (docs/metrics.md, "Market metrics"): market cap, mNAV (basic, EV,
// diluted), BTC per 1,000 shares, BTC yield, realised share volatility, BTC beta and leverage. Pure functions
// over dated rows; every answer names each input with its date and source, and says why a figure is
// missing instead of defaulting it. Dates are UTC days written YYYY-MM-DD (they compare as strings).
import { logReturnVolatility } from './metrics';
import { addDays, daysBetween } from '../dates';

export interface Dated {
  date: string;
  value: number;
  source: string;
  notes?: string | null;
}

export interface DailyClose {
  date: string;
  close: number;
  currency: string;
  /** null for a non-USD close without a stored FX rate. */
  closeUsd: number | null;
  source: string;
}

export interface SplitWindow {
  /** Last date known at the old share level, first date known at the new one. */
  after: string;
  before: string;
  ratio: number | null;
  notes?: string | null;
}

interface InputRef {
  name: string;
  value: number;
  asOf: string;
  source: string;
}

/** A metric's answer: its value (null when unknown), the date it is as of, its inputs and what was missing. */
export interface Figure {
  value: number | null;
  asOf: string | null;
  inputs: InputRef[];
  missing: string[];
}

export interface MarketSeries {
  closes: readonly DailyClose[];
  /** Market caps a dated source states (Strategy publishes its own). */
  statedMarketCaps: readonly Dated[];
  basicShares: readonly Dated[];
  dilutedShares: readonly Dated[];
  debt: readonly Dated[];
  cash: readonly Dated[];
  preferred: readonly Dated[];
  splits: readonly SplitWindow[];
  /** Holdings readings (quantity by date). */
  holdings: readonly Dated[];
  /** BTC daily prices in USD. */
  btc: readonly Dated[];
}

export interface MnavPoint {
  date: string;
  mNav: number;
  marketCapUsd: number;
  navUsd: number;
}

export interface MarketMetrics {
  /** The latest date where price (or a stated market cap), holdings and shares all exist. */
  asOf: string | null;
  marketCap: Figure;
  mNav: Figure;
  premium: Figure;
  evMNav: Figure;
  dilutedMNav: Figure;
  btcPer1000Shares: Figure;
  btcYield: { 30: Figure; 90: Figure; 365: Figure };
  shareVolatility: Figure;
  btcBeta: BetaFigure;
  leverage: Figure;
  history: MnavPoint[];
}

/** A BTC price up to this many days before a trading day stands for it (weekends, holidays). */
const btcPriceToleranceDays = 4;
const volatilityWindowDays = 30;
/** Trading days per year, to annualise the daily volatility of a share. */
const tradingDaysPerYear = 252;
const minVolatilityCloses = 15;


const byDate = <Row extends { date: string }>(rows: readonly Row[]) => [...rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

/** The latest row dated on or before `date` (rows sorted by date). */
export function latestOnOrBefore<Row extends { date: string }>(sorted: readonly Row[], date: string): Row | null {
  let low = 0;
  let high = sorted.length - 1;
  let found: Row | null = null;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]!.date <= date) {
      found = sorted[mid]!;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/**
 * The split that may lie between two dates, if any. A split known only to lie in (after, before]
 * separates two dates unless both are on or before `after` or both on or after `before`.
 */
export function splitBetween(splits: readonly SplitWindow[], a: string, b: string): SplitWindow | null {
  const [from, to] = a <= b ? [a, b] : [b, a];
  return splits.find((split) => !(to <= split.after || from >= split.before)) ?? null;
}

const splitReason = (split: SplitWindow, what: string, a: string, b: string) =>
  `${what} (dated ${a} and ${b}) lie on opposite sides of a share split between ${split.after} and ${split.before}${split.notes ? ` (${split.notes})` : ''}`;

const ref = (name: string, row: Dated): InputRef => ({ name, value: row.value, asOf: row.date, source: row.source });

/** Shares as of `date`: the latest count on or before it, refused across a split. */
export function sharesFor(
  counts: readonly Dated[],
  splits: readonly SplitWindow[],
  date: string,
  label: string,
): { row: Dated } | { reason: string } {
  const row = latestOnOrBefore(counts, date);
  if (!row) return { reason: counts.length ? `no ${label} count dated on or before ${date} (first: ${counts[0]!.date})` : `no ${label} count stored` };
  const split = splitBetween(splits, row.date, date);
  if (split) return { reason: splitReason(split, `the ${label} count and the price`, row.date, date) };
  return { row };
}

/** BTC price standing for `date`: that day's, or the latest within the tolerance before it. */
function btcPriceFor(btc: readonly Dated[], date: string): Dated | null {
  const row = latestOnOrBefore(btc, date);
  return row && daysBetween(row.date, date) <= btcPriceToleranceDays ? row : null;
}

/**
 * Market cap on `date`: the one a dated source states for that day, else the close × the latest share
 * count on or before the day (never across a split).
 */
export function marketCapOn(
  date: string,
  close: DailyClose | null,
  series: Pick<MarketSeries, 'statedMarketCaps' | 'basicShares' | 'splits'>,
  sortedStated = byDate(series.statedMarketCaps),
  sortedShares = byDate(series.basicShares),
): Figure {
  const stated = sortedStated.find((row) => row.date === date);
  if (stated) return { value: stated.value, asOf: date, inputs: [ref('stated market cap', stated)], missing: [] };
  if (!close) return { value: null, asOf: null, inputs: [], missing: [`no share price on ${date}`] };
  if (close.closeUsd === null) return { value: null, asOf: null, inputs: [], missing: [`the ${close.currency} close of ${date} has no USD value: no FX rate stored on or before that day`] };
  const shares = sharesFor(sortedShares, series.splits, date, 'basic share');
  if ('reason' in shares) return { value: null, asOf: null, inputs: [], missing: [shares.reason] };
  return {
    value: close.closeUsd * shares.row.value,
    asOf: date,
    inputs: [{ name: 'share price (USD)', value: close.closeUsd, asOf: close.date, source: close.source }, ref('basic shares', shares.row)],
    missing: [],
  };
}

/** One close per day: the first source in name order when several gave one. */
export function dailyCloses(closes: readonly DailyClose[]): DailyClose[] {
  const byDay = new Map<string, DailyClose>();
  for (const close of byDate(closes)) {
    const kept = byDay.get(close.date);
    if (!kept || close.source < kept.source) byDay.set(close.date, close);
  }
  return [...byDay.values()];
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Daily mNAV for every day with a price (or a stated market cap), holdings (the latest reading on or
 * before the day) and shares, from the first holdings reading on.
 */
export function mNavHistory(series: MarketSeries): MnavPoint[] {
  const holdings = byDate(series.holdings);
  const btc = byDate(series.btc);
  const stated = byDate(series.statedMarketCaps);
  const shares = byDate(series.basicShares);
  const first = holdings[0]?.date;
  if (!first) return [];
  const closes = new Map(dailyCloses(series.closes).map((close) => [close.date, close]));
  const days = new Set([...closes.keys(), ...stated.map((row) => row.date)]);
  const points: MnavPoint[] = [];
  for (const date of [...days].sort()) {
    if (date < first) continue;
    const held = latestOnOrBefore(holdings, date);
    const price = btcPriceFor(btc, date);
    if (!held || !(held.value > 0) || !price) continue;
    const cap = marketCapOn(date, closes.get(date) ?? null, series, stated, shares);
    if (cap.value === null) continue;
    const nav = held.value * price.value;
    points.push({ date, mNav: round(cap.value / nav, 4), marketCapUsd: cap.value, navUsd: nav });
  }
  return points;
}

/** Annualised realised volatility of daily log returns (sample σ × √252); null with fewer than 2 returns. */
export function realisedVolatility(closes: readonly number[]): number | null {
  return logReturnVolatility(closes, tradingDaysPerYear, 3);
}

type SeriesChoice = { source: string; rows: DailyClose[]; end: string; reason?: string };

/**
 * The closes of one source in the `windowDays` up to its newest close: the usable series (enough
 * closes, no split inside) with the newest close, else the newest unusable one with its reason.
 */
function newestUsableWindow(closes: readonly DailyClose[], splits: readonly SplitWindow[], windowDays: number, minCloses: number): SeriesChoice | null {
  const bySource = new Map<string, DailyClose[]>();
  for (const close of closes) bySource.set(close.source, [...(bySource.get(close.source) ?? []), close]);
  let best: SeriesChoice | null = null;
  for (const [source, rows] of bySource) {
    const sorted = byDate(rows);
    const end = sorted.at(-1)!.date;
    const window = sorted.filter((row) => row.date > addDays(end, -windowDays));
    const split = splitBetween(splits, window[0]!.date, end);
    const reason =
      window.length < minCloses
        ? `only ${window.length} closes in the ${windowDays} days to ${end} (${source}); ${minCloses} needed`
        : split
          ? splitReason(split, 'closes', window[0]!.date, end)
          : undefined;
    const candidate = { source, rows: window, end, reason };
    // Prefer a usable series, then the newest.
    if (!best || (!reason && best.reason) || (Boolean(reason) === Boolean(best.reason) && end > best.end)) best = candidate;
  }
  return best;
}

/**
 * 30-day realised volatility of the share, in its own currency, from the source with the newest close:
 * the closes of the 30 days up to that close (at least 15, none across a split).
 */
export function shareVolatility(closes: readonly DailyClose[], splits: readonly SplitWindow[]): Figure {
  if (!closes.length) return { value: null, asOf: null, inputs: [], missing: ['no share price history stored'] };
  const best = newestUsableWindow(closes, splits, volatilityWindowDays, minVolatilityCloses);
  if (!best || best.reason) return { value: null, asOf: null, inputs: [], missing: [best?.reason ?? 'no share price history stored'] };
  const value = realisedVolatility(best.rows.map((row) => row.close));
  if (value === null) return { value: null, asOf: null, inputs: [], missing: ['too few closes'] };
  return {
    value: round(value, 4),
    asOf: best.end,
    inputs: [{ name: `${best.rows.length} daily closes from ${best.rows[0]!.date}`, value: best.rows.at(-1)!.close, asOf: best.end, source: best.source }],
    missing: [],
  };
}

/** A BTC beta with BTC's annualised volatility over the very returns it was measured on. */
export interface BetaFigure extends Figure {
  btcVolatility: number | null;
}

const betaWindowDays = 90;
const minBetaReturns = 20;

/**
 * BTC beta of the share over the 90 days up to its newest close (one source's closes, none across a
 * split): cov ÷ var of daily log returns on the same dates, each share return between two consecutive
 * closes paired with BTC's return between its prices of those two days. β × that BTC volatility is
 * the part of the share's volatility that follows bitcoin (correlation × share volatility).
 */
export function btcBeta(closes: readonly DailyClose[], btc: readonly Dated[], splits: readonly SplitWindow[]): BetaFigure {
  const unknown = (reason: string): BetaFigure => ({ value: null, asOf: null, inputs: [], missing: [reason], btcVolatility: null });
  if (!closes.length) return unknown('no share price history stored');
  const best = newestUsableWindow(closes, splits, betaWindowDays, minBetaReturns + 1);
  if (!best || best.reason) return unknown(best?.reason ?? 'no share price history stored');
  const btcOn = new Map(btc.map((row) => [row.date, row]));
  const pairs: { share: number; btc: number; date: string }[] = [];
  for (let index = 1; index < best.rows.length; index += 1) {
    const [before, after] = [best.rows[index - 1]!, best.rows[index]!];
    const [btcBefore, btcAfter] = [btcOn.get(before.date), btcOn.get(after.date)];
    if (!btcBefore || !btcAfter || !(before.close > 0) || !(after.close > 0) || !(btcBefore.value > 0) || !(btcAfter.value > 0)) continue;
    pairs.push({ share: Math.log(after.close / before.close), btc: Math.log(btcAfter.value / btcBefore.value), date: after.date });
  }
  if (pairs.length < minBetaReturns) return unknown(`only ${pairs.length} daily returns with a BTC price on both days in the ${betaWindowDays} days to ${best.end}; ${minBetaReturns} needed`);
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const shareMean = mean(pairs.map((pair) => pair.share));
  const btcMean = mean(pairs.map((pair) => pair.btc));
  const covariance = pairs.reduce((sum, pair) => sum + (pair.share - shareMean) * (pair.btc - btcMean), 0) / (pairs.length - 1);
  const btcVariance = pairs.reduce((sum, pair) => sum + (pair.btc - btcMean) ** 2, 0) / (pairs.length - 1);
  if (!(btcVariance > 0)) return unknown(`BTC's price did not move in the ${betaWindowDays} days to ${best.end}`);
  const asOf = pairs.at(-1)!.date;
  const btcVolatility = round(Math.sqrt(btcVariance * tradingDaysPerYear), 4);
  return {
    value: round(covariance / btcVariance, 4),
    asOf,
    inputs: [
      { name: `${pairs.length} daily share returns from ${pairs[0]!.date}`, value: best.rows.at(-1)!.close, asOf: best.end, source: best.source },
      { name: 'BTC volatility over the same dates (annualised)', value: btcVolatility, asOf, source: btcOn.get(asOf)!.source },
    ],
    missing: [],
    btcVolatility,
  };
}

/** BTC per share at `date`: holdings on or before it ÷ shares on or before it (no split between them). */
function btcPerShareAt(holdings: readonly Dated[], counts: readonly Dated[], splits: readonly SplitWindow[], date: string, label: string) {
  const held = latestOnOrBefore(holdings, date);
  if (!held) return { reason: `no holdings reading on or before ${date}` };
  const shares = sharesFor(counts, splits, date, label);
  if ('reason' in shares) return shares;
  return { value: held.value / shares.row.value, held, shares: shares.row };
}

/**
 * BTC yield over `days`, as Strategy defines its KPI: the % change in BTC per (assumed diluted) share.
 * The window ends at the latest share count and starts at the latest count on or before `days`
 * earlier (no older than a third of the window more); holdings at each end are the latest reading on or
 * before it. Per diluted share when both ends have a diluted count, else per basic share (labelled so).
 */
export function btcYield(series: MarketSeries, days: number): Figure {
  const holdings = byDate(series.holdings);
  if (!holdings.length) return { value: null, asOf: null, inputs: [], missing: ['no holdings reading'] };
  const reasons: string[] = [];
  for (const [counts, label] of [
    [byDate(series.dilutedShares), 'diluted share'],
    [byDate(series.basicShares), 'basic share'],
  ] as const) {
    const end = counts.at(-1);
    if (!end) {
      reasons.push(`no ${label} count stored`);
      continue;
    }
    const target = addDays(end.date, -days);
    const start = latestOnOrBefore(counts, target);
    if (!start || daysBetween(start.date, target) > days / 3) {
      reasons.push(`no ${label} count near ${target}, ${days} days before the ${end.date} count`);
      continue;
    }
    const split = splitBetween(series.splits, start.date, end.date);
    if (split) {
      reasons.push(splitReason(split, `${label} counts`, start.date, end.date));
      continue;
    }
    const from = btcPerShareAt(holdings, counts, series.splits, start.date, label);
    const to = btcPerShareAt(holdings, counts, series.splits, end.date, label);
    if ('reason' in from || 'reason' in to) {
      reasons.push(('reason' in from ? from.reason : '') || ('reason' in to ? to.reason : '') || '');
      continue;
    }
    return {
      value: round((to.value / from.value - 1) * 100, 2),
      asOf: end.date,
      inputs: [ref(`holdings at start`, from.held), ref(`${label}s at start`, from.shares), ref(`holdings at end`, to.held), ref(`${label}s at end`, to.shares)],
      missing: [],
    };
  }
  return { value: null, asOf: null, inputs: [], missing: reasons };
}

const missingFigure = (...missing: string[]): Figure => ({ value: null, asOf: null, inputs: [], missing });

export function computeMarketMetrics(series: MarketSeries): MarketMetrics {
  const holdings = byDate(series.holdings);
  const btc = byDate(series.btc);
  const history = mNavHistory(series);
  const latest = history.at(-1) ?? null;
  const asOf = latest?.date ?? null;
  const closes = new Map(dailyCloses(series.closes).map((close) => [close.date, close]));

  let marketCap: Figure;
  let mNav: Figure;
  let navInputs: InputRef[] = [];
  if (latest && asOf) {
    marketCap = marketCapOn(asOf, closes.get(asOf) ?? null, series);
    const held = latestOnOrBefore(holdings, asOf)!;
    const price = btcPriceFor(btc, asOf)!;
    navInputs = [ref('BTC held', held), ref('BTC price (USD)', price)];
    mNav = { value: round(latest.mNav, 4), asOf, inputs: [...marketCap.inputs, ...navInputs], missing: [] };
  } else {
    const reasons = whyNoMnav(series);
    marketCap = missingFigure(...reasons.marketCap);
    mNav = missingFigure(...reasons.mNav);
  }
  const premium: Figure = { ...mNav, value: mNav.value === null ? null : round(mNav.value - 1, 4) };

  let evMNav = missingFigure('needs mNAV first');
  let dilutedMNav = missingFigure('needs mNAV first');
  if (latest && asOf) {
    const parts: [string, readonly Dated[]][] = [
      ['total debt', series.debt],
      ['preferred equity', series.preferred],
      ['cash', series.cash],
    ];
    const found = parts.map(([name, rows]) => [name, latestOnOrBefore(byDate(rows), asOf)] as const);
    const absent = found.filter(([, row]) => !row).map(([name]) => `no ${name} figure dated on or before ${asOf}`);
    if (absent.length) evMNav = missingFigure(...absent);
    else {
      const [debt, preferred, cash] = found.map(([, row]) => row!);
      const enterprise = latest.marketCapUsd + debt!.value + preferred!.value - cash!.value;
      evMNav = {
        value: round(enterprise / latest.navUsd, 4),
        asOf,
        inputs: [...marketCap.inputs, ref('total debt', debt!), ref('preferred equity', preferred!), ref('cash', cash!), ...navInputs],
        missing: [],
      };
    }
    const close = closes.get(asOf);
    const diluted = sharesFor(byDate(series.dilutedShares), series.splits, asOf, 'diluted share');
    if ('reason' in diluted) dilutedMNav = missingFigure(diluted.reason);
    else if (!close || close.closeUsd === null) dilutedMNav = missingFigure(`no USD share price on ${asOf}`);
    else
      dilutedMNav = {
        value: round((close.closeUsd * diluted.row.value) / latest.navUsd, 4),
        asOf,
        inputs: [{ name: 'share price (USD)', value: close.closeUsd, asOf, source: close.source }, ref('diluted shares', diluted.row), ...navInputs],
        missing: [],
      };
  }

  // BTC per 1,000 shares and leverage are as of the later of the latest holdings reading and the
  // latest share count (debt figure), each input the latest on or before that day.
  const lastHeld = holdings.at(-1);
  const basic = byDate(series.basicShares);
  let btcPer1000Shares = missingFigure('no holdings reading');
  if (lastHeld) {
    const on = [lastHeld.date, basic.at(-1)?.date ?? ''].sort().at(-1)!;
    const per = btcPerShareAt(holdings, basic, series.splits, on, 'basic share');
    btcPer1000Shares =
      'reason' in per
        ? missingFigure(per.reason)
        : { value: round(per.value * 1000, 6), asOf: on, inputs: [ref('BTC held', per.held), ref('basic shares', per.shares)], missing: [] };
  }

  let leverage = missingFigure('no holdings reading');
  const debts = byDate(series.debt);
  if (lastHeld) {
    const on = [lastHeld.date, debts.at(-1)?.date ?? ''].sort().at(-1)!;
    const held = latestOnOrBefore(holdings, on)!;
    const debt = latestOnOrBefore(debts, on);
    const price = btcPriceFor(btc, on) ?? btcPriceFor(btc, held.date);
    if (!debt) leverage = missingFigure(debts.length ? `no total debt figure dated on or before ${on}` : 'no total debt figure stored');
    else if (!price || !(held.value > 0)) leverage = missingFigure(`no BTC price near ${on}`);
    else
      leverage = {
        value: round(debt.value / (held.value * price.value), 4),
        asOf: on,
        inputs: [ref('total debt', debt), ref('BTC held', held), ref('BTC price (USD)', price)],
        missing: [],
      };
  }

  return {
    asOf,
    marketCap,
    mNav,
    premium,
    evMNav,
    dilutedMNav,
    btcPer1000Shares,
    btcYield: { 30: btcYield(series, 30), 90: btcYield(series, 90), 365: btcYield(series, 365) },
    shareVolatility: shareVolatility(series.closes, series.splits),
    btcBeta: btcBeta(series.closes, btc, series.splits),
    leverage,
    history,
  };
}

/** Why no day has an mNAV: the first missing input, named. */
function whyNoMnav(series: MarketSeries): { marketCap: string[]; mNav: string[] } {
  if (!series.holdings.length) return { marketCap: ['no holdings reading'], mNav: ['no holdings reading'] };
  if (!series.closes.length && !series.statedMarketCaps.length) {
    const reason = 'no share price or stated market cap stored';
    return { marketCap: [reason], mNav: [reason] };
  }
  const holdings = byDate(series.holdings);
  const first = holdings[0]!.date;
  const inRange = dailyCloses(series.closes).filter((close) => close.date >= first);
  if (!inRange.length) {
    const reason = `no share price on or after the first holdings reading (${first})`;
    return { marketCap: [reason], mNav: [reason] };
  }
  const newest = inRange.at(-1)!;
  const cap = marketCapOn(newest.date, newest, series);
  const reasons = cap.missing.length ? cap.missing : [`no BTC price near ${newest.date}`];
  return { marketCap: reasons, mNav: reasons };
}
