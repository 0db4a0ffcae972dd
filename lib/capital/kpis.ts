// Strategy's KPIs for any company the stored rows allow (docs/metrics.md, "Capital structure and
// KPIs"): BTC Yield, BTC Gain, BTC $ Gain over any window, and days to cover mNAV. Pure functions
// over dated rows. A share count at a window endpoint is the nearest count of one basis dated on or
// before it; between two reported counts it is the earlier count plus the shares the 8-Ks report
// sold since, labelled "derived". Nothing is interpolated, and every answer names its inputs' dates.
import { latestOnOrBefore } from '../treasury/market-metrics';
import { addDays, daysBetween } from '../dates';

export interface DatedValue {
  date: string;
  value: number;
  source: string;
}

export interface ShareCountRow extends DatedValue {
  basis: string;
}

/** One program's at-the-market sales in one reported period. */
export interface AtmSale {
  periodStart: string | null;
  periodEnd: string;
  security: string;
  sharesSold: number;
  netProceedsUsd: number | null;
  notionalUsd: number | null;
  accession: string;
  source: string;
}

/** A reported purchase period (weekly 8-K), used to know which days the 8-Ks cover. */
export interface ReportedPeriod {
  periodStart: string;
  periodEnd: string;
}

export interface KpiInputs {
  shareCounts: readonly ShareCountRow[];
  /** BTC held by date, sorted, one reading per day. */
  holdings: readonly DatedValue[];
  /** BTC daily prices in USD, sorted. */
  btcPrices: readonly DatedValue[];
  atmSales: readonly AtmSale[];
  reportedPeriods: readonly ReportedPeriod[];
  /** The common stock's ticker as the ATM tables name it. */
  commonSecurity: string;
  /** Common shares one share of a convertible preferred converts into (STRK: 0.1); assumed diluted counts include them. */
  preferredConversion: Readonly<Record<string, number>>;
}

/** Point-in-time share count bases, in the order a KPI prefers them. Weighted averages are period figures and never used. */
export const shareBases = ['assumed_diluted_strategy_kpi', 'basic_outstanding_strategy_kpi', 'basic_outstanding_strategytracker', 'gross_diluted_strategytracker'] as const;
export type ShareBasis = (typeof shareBases)[number];

export const shareBasisLabels: Record<ShareBasis, string> = {
  assumed_diluted_strategy_kpi: "assumed diluted shares (Strategy's KPI count: every convert, convertible preferred, option and award at full count)",
  basic_outstanding_strategy_kpi: "basic shares (Strategy's KPI count)",
  basic_outstanding_strategytracker: 'basic shares (as StrategyTracker compiles them)',
  gross_diluted_strategytracker: 'gross diluted shares incl. out-of-the-money warrants (as StrategyTracker compiles them; not the company’s own diluted count)',
};

/** The basis in a few words, for a figure's inputs. */
export const shareBasisShortLabels: Record<ShareBasis, string> = {
  assumed_diluted_strategy_kpi: 'assumed diluted',
  basic_outstanding_strategy_kpi: 'basic (Strategy)',
  basic_outstanding_strategytracker: 'basic (StrategyTracker)',
  gross_diluted_strategytracker: 'gross diluted (StrategyTracker)',
};

const isDilutedBasis = (basis: ShareBasis) => basis === 'assumed_diluted_strategy_kpi' || basis === 'gross_diluted_strategytracker';

export interface ShareCountAt {
  date: string;
  shares: number;
  basis: ShareBasis;
  /** The reported count it starts from. */
  countDate: string;
  countSource: string;
  /** True when 8-K ATM sales after the count were added. */
  derived: boolean;
  /** The shares added, and the periods they were sold in. */
  addedShares: number;
  addedFrom: string[];
  /** The day the count is current to: the count's date, or the end of the last 8-K period added. */
  currentTo: string;
  note: string | null;
}

export type Resolved<Value> = { ok: true; value: Value } | { ok: false; reason: string };


/** Counts of one basis, one per date (the first source in name order on a date shared by two). */
function countsOfBasis(rows: readonly ShareCountRow[], basis: ShareBasis): ShareCountRow[] {
  const byDate = new Map<string, ShareCountRow>();
  for (const row of rows) {
    if (row.basis !== basis) continue;
    const kept = byDate.get(row.date);
    if (!kept || row.source < kept.source) byDate.set(row.date, row);
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** Whether the reported periods cover every day in (from, to]. */
function periodsCover(periods: readonly ReportedPeriod[], from: string, to: string): boolean {
  let covered = from;
  for (const period of [...periods].sort((a, b) => (a.periodStart < b.periodStart ? -1 : 1))) {
    if (covered >= to) break;
    if (period.periodStart > addDays(covered, 1)) return false;
    if (period.periodEnd > covered) covered = period.periodEnd;
  }
  return covered >= to;
}

/**
 * The share count of `basis` at `date`: the latest reported count on or before it, plus — when the
 * weekly 8-Ks cover every day since — the common shares (and, for an assumed diluted count, the
 * conversion shares of convertible preferred) they report sold in periods ending after the count
 * and on or before `date`.
 */
export function shareCountAt(inputs: KpiInputs, basis: ShareBasis, date: string): Resolved<ShareCountAt> {
  const counts = countsOfBasis(inputs.shareCounts, basis);
  const count = latestOnOrBefore(counts, date);
  if (!count) return { ok: false, reason: counts.length ? `no ${basis} count dated on or before ${date} (first: ${counts[0]!.date})` : `no ${basis} count stored` };
  const plain: ShareCountAt = { date, shares: count.value, basis, countDate: count.date, countSource: count.source, derived: false, addedShares: 0, addedFrom: [], currentTo: count.date, note: null };
  if (count.date === date) return { ok: true, value: plain };
  const sales = inputs.atmSales.filter((sale) => sale.periodEnd > count.date && sale.periodEnd <= date);
  if (!sales.length) return { ok: true, value: plain };
  if (!periodsCover(inputs.reportedPeriods, count.date, sales.reduce((last, sale) => (sale.periodEnd > last ? sale.periodEnd : last), count.date))) {
    return { ok: true, value: { ...plain, note: `the weekly 8-Ks stored do not cover every day from ${count.date}: no shares added` } };
  }
  const straddling = sales.find((sale) => sale.periodStart !== null && sale.periodStart < count.date);
  if (straddling) return { ok: true, value: { ...plain, note: `8-K sales of ${straddling.periodStart}–${straddling.periodEnd} straddle the count date: no shares added` } };
  let added = 0;
  let currentTo = count.date;
  const from: string[] = [];
  for (const sale of sales) {
    if (sale.periodEnd > currentTo) currentTo = sale.periodEnd;
    const perShare = sale.security === inputs.commonSecurity ? 1 : isDilutedBasis(basis) ? (inputs.preferredConversion[sale.security] ?? 0) : 0;
    if (perShare === 0) continue;
    added += sale.sharesSold * perShare;
    from.push(`${sale.security} ${sale.periodStart ?? '?'}–${sale.periodEnd}`);
  }
  if (added === 0) return { ok: true, value: plain };
  // Weeks without sales are covered too: the count is current to the last reported period before the day.
  const lastPeriod = inputs.reportedPeriods.filter((period) => period.periodEnd <= date).reduce((last, period) => (period.periodEnd > last ? period.periodEnd : last), currentTo);
  return { ok: true, value: { ...plain, shares: plain.shares + added, derived: true, addedShares: added, addedFrom: from, currentTo: lastPeriod } };
}

export interface WindowEnd {
  date: string;
  btcHeld: number;
  btcHeldAsOf: string;
  btcHeldSource: string;
  shares: ShareCountAt;
  btcPerShare: number;
}

export interface BtcKpi {
  from: WindowEnd;
  to: WindowEnd;
  basis: ShareBasis;
  basisLabel: string;
  /** % change of BTC per share. */
  btcYieldPercent: number;
  /** BTC at the start × BTC Yield. */
  btcGain: number;
  /** BTC Gain × the BTC price at the window's end, and that price's date. */
  btcDollarGain: number | null;
  btcPriceUsd: number | null;
  btcPriceAsOf: string | null;
}

/** A BTC price up to this many days before a day stands for it (weekends, holidays). */
const btcPriceToleranceDays = 4;

export function btcPriceAt(prices: readonly DatedValue[], date: string): DatedValue | null {
  const row = latestOnOrBefore(prices, date);
  return row && daysBetween(row.date, date) <= btcPriceToleranceDays ? row : null;
}

/** A holdings reading at most this many days old stands for a window end; an older one would pair last month's BTC with this week's shares. */
export const holdingsToleranceDays = 7;

function windowEnd(inputs: KpiInputs, basis: ShareBasis, date: string, maxCountAgeDays: number | null): Resolved<WindowEnd> {
  const held = latestOnOrBefore(inputs.holdings, date);
  if (!held) return { ok: false, reason: `no holdings reading on or before ${date}` };
  if (daysBetween(held.date, date) > holdingsToleranceDays) return { ok: false, reason: `the latest holdings reading before ${date} is of ${held.date}, more than ${holdingsToleranceDays} days older` };
  const shares = shareCountAt(inputs, basis, date);
  if (!shares.ok) return shares;
  if (maxCountAgeDays !== null && daysBetween(shares.value.currentTo, date) > maxCountAgeDays) {
    return { ok: false, reason: `the nearest ${basis} count is current to ${shares.value.currentTo}, more than ${maxCountAgeDays} days before ${date}` };
  }
  return { ok: true, value: { date, btcHeld: held.value, btcHeldAsOf: held.date, btcHeldSource: held.source, shares: shares.value, btcPerShare: held.value / shares.value.shares } };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * BTC Yield, BTC Gain and BTC $ Gain from `from` to `to` on one share basis. `maxCountAgeDays` refuses
 * a count current to a day that much before an end (a "30-day" figure must not span 90 days).
 */
export function btcKpi(inputs: KpiInputs, basis: ShareBasis, from: string, to: string, maxCountAgeDays: number | null = null): Resolved<BtcKpi> {
  if (from >= to) return { ok: false, reason: 'the window must end after it starts' };
  const start = windowEnd(inputs, basis, from, maxCountAgeDays);
  if (!start.ok) return { ok: false, reason: `start: ${start.reason}` };
  const end = windowEnd(inputs, basis, to, maxCountAgeDays);
  if (!end.ok) return { ok: false, reason: `end: ${end.reason}` };
  if (start.value.shares.countDate === end.value.shares.countDate && !start.value.shares.derived && !end.value.shares.derived) {
    return { ok: false, reason: `both ends use the same ${basis} count (dated ${start.value.shares.countDate}): no count reported inside the window` };
  }
  const ratio = end.value.btcPerShare / start.value.btcPerShare - 1;
  const btcGain = start.value.btcHeld * ratio;
  const price = btcPriceAt(inputs.btcPrices, to);
  return {
    ok: true,
    value: {
      from: start.value,
      to: end.value,
      basis,
      basisLabel: shareBasisLabels[basis],
      btcYieldPercent: round(ratio * 100, 4),
      btcGain: round(btcGain, 4),
      btcDollarGain: price ? round(btcGain * price.value, 2) : null,
      btcPriceUsd: price?.value ?? null,
      btcPriceAsOf: price?.date ?? null,
    },
  };
}

/** The bases with at least two dated counts, in order of preference. */
export function availableBases(rows: readonly ShareCountRow[]): ShareBasis[] {
  return shareBases.filter((basis) => countsOfBasis(rows, basis).length >= 2);
}

export type WindowName = 'QTD' | 'YTD' | '30d' | '90d' | '365d';

/** How far before a standard window's end a count may be current to: a third of the window (QTD and YTD start at a reported quarter end). */
export const maxCountAge: Record<WindowName, number | null> = { QTD: null, YTD: null, '30d': 10, '90d': 30, '365d': 121 };

/** The start of each standard window ending on `end`. QTD and YTD start at the previous quarter or year end. */
export function windowStart(name: WindowName, end: string): string {
  if (name === '30d') return addDays(end, -30);
  if (name === '90d') return addDays(end, -90);
  if (name === '365d') return addDays(end, -365);
  const year = Number(end.slice(0, 4));
  if (name === 'YTD') return `${year - 1}-12-31`;
  const quarterStartMonth = Math.floor((Number(end.slice(5, 7)) - 1) / 3) * 3 + 1;
  return addDays(`${year}-${String(quarterStartMonth).padStart(2, '0')}-01`, -1);
}

/** The day the standard windows end on: the latest reported count of the basis with a holdings reading at most a week older. */
export function latestCountDate(inputs: Pick<KpiInputs, 'shareCounts' | 'holdings'>, basis: ShareBasis): string | null {
  const counts = countsOfBasis(inputs.shareCounts, basis);
  for (let index = counts.length - 1; index >= 0; index -= 1) {
    const held = latestOnOrBefore(inputs.holdings, counts[index]!.date);
    if (held && daysBetween(held.date, counts[index]!.date) <= holdingsToleranceDays) return counts[index]!.date;
  }
  return null;
}

/**
 * Days to cover mNAV = ln(mNAV) ÷ ln(1 + daily BTC Yield), the daily yield taken from the trailing
 * 90-day BTC Yield: (1 + Y90)^(1/90) − 1. How many days of BTC Yield at that pace earn the premium.
 */
export function daysToCoverMnav(mNav: number, btcYield90Percent: number): Resolved<number> {
  if (!(mNav > 1)) return { ok: false, reason: `mNAV ${mNav.toFixed(2)} is not above 1: no premium to cover` };
  if (!(btcYield90Percent > 0)) return { ok: false, reason: `the 90-day BTC Yield (${btcYield90Percent.toFixed(2)} %) is not positive` };
  const daily = Math.pow(1 + btcYield90Percent / 100, 1 / 90) - 1;
  return { ok: true, value: round(Math.log(mNav) / Math.log(1 + daily), 1) };
}
