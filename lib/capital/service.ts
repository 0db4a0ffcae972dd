// The capital views the company page, /api/v1, chat and the metrics store share: the stack with its
// totals, amplification and ratings; the KPIs over any window beside the company's own figure; the
// issuance tracker; mNAV on each basis. Each figure carries its dates and sources.
import type { Db } from '../db';
import { latestOnOrBefore } from '../treasury/market-metrics';
import { issuanceEvents, type IssuanceEvent } from './issuance';
import {
  availableBases,
  btcKpi,
  btcPriceAt,
  daysToCoverMnav,
  holdingsToleranceDays,
  latestCountDate,
  maxCountAge,
  shareBasisLabels,
  windowStart,
  type BtcKpi,
  type DatedValue,
  type KpiInputs,
  type ShareBasis,
  type WindowName,
} from './kpis';
import { mnavSeries, type MnavBasis, type MnavBasisSeries } from './mnav-basis';
import { companyOrNotFound, latestUsdClose, loadCapitalData, type CapitalData, type CompanyRef } from './repository';
import { capitalStack, rowsAsOf, type CapitalStack, type Stated } from './stack';
import { addDays, isoDay } from '../dates';


/** Holdings, BTC price and cash on or before a day: the inputs of a stack on that day. */
function stackOn(data: CapitalData, date: string): CapitalStack {
  const held = latestOnOrBefore(data.kpi.holdings, date);
  const price = held ? (btcPriceAt(data.kpi.btcPrices, held.date) ?? latestOnOrBefore(data.kpi.btcPrices, date)) : null;
  const cash = latestOnOrBefore(data.fundamentals.cash, date);
  const close = latestUsdClose(data.closes, date);
  const stated = (row: DatedValue | null): Stated<number> | null => (row ? { value: row.value, asOf: row.date, source: row.source } : null);
  return capitalStack({
    rows: rowsAsOf(data.instruments, date),
    btcHeld: stated(held),
    btcPriceUsd: stated(price),
    usdReserve: cash ? { value: cash.value, asOf: cash.date, source: cash.source } : null,
    sharePriceUsd: close,
  });
}

interface ReportedComparison {
  date: string;
  source: string;
  company: Record<string, number | null>;
  ours: { amplification: number | null; debtUsd: number | null; preferredUsd: number | null; annualObligationsUsd: number | null; btcCoverageYears: number | null; usdReserveMonths: number | null };
  differences: string[];
}

const reportedFields = ['debt_pref_by_btc_nav', 'debt', 'pref', 'ann_dividends', 'btc_div_coverage_years', 'usd_div_coverage_months', 'btc_nav', 'm_nav'] as const;

/** Ours beside the company's own figures on the newest day it published its amplification. */
function reportedComparison(data: CapitalData): ReportedComparison | null {
  const amplification = data.reported.get('debt_pref_by_btc_nav')?.at(-1);
  if (!amplification) return null;
  const date = amplification.date;
  const company = Object.fromEntries(reportedFields.map((field) => [field, data.reported.get(field)?.find((row) => row.date === date)?.value ?? null])) as Record<
    (typeof reportedFields)[number],
    number | null
  >;
  const stack = stackOn(data, date);
  const differences: string[] = [];
  const money = (value: number) => `$${(value / 1e9).toFixed(3)}bn`;
  if (stack.debt && company.debt !== null) {
    if (Math.abs(stack.debt.valueUsd - company.debt) > 1e6)
      differences.push(`Debt: ours ${money(stack.debt.valueUsd)} (${stack.debt.basis}; dated ${stack.debt.oldestAsOf ?? 'undated'}), the company's ${money(company.debt)} on ${date}.`);
  }
  if (stack.preferred && company.pref !== null) {
    if (Math.abs(stack.preferred.valueUsd - company.pref) > 1e6)
      differences.push(
        `Preferred: ours ${money(stack.preferred.valueUsd)} (amounts dated ${stack.preferred.oldestAsOf}${stack.preferred.newestAsOf !== stack.preferred.oldestAsOf ? `–${stack.preferred.newestAsOf}` : ''}${stack.preferred.excluded.length ? `; not added: ${stack.preferred.excluded.join('; ')}` : ''}), the company's ${money(company.pref)}.`,
      );
  }
  if (stack.btcNav && company.btc_nav !== null && Math.abs(stack.btcNav.valueUsd - company.btc_nav) > 1e6)
    differences.push(
      `BTC NAV: ours ${money(stack.btcNav.valueUsd)} (${stack.btcNav.btcHeld.value.toLocaleString('en-US')} BTC of ${stack.btcNav.btcHeld.asOf} × $${stack.btcNav.btcPriceUsd.value.toLocaleString('en-US')} of ${stack.btcNav.btcPriceUsd.asOf}), the company's ${money(company.btc_nav)}.`,
    );
  if (stack.annualObligations && company.ann_dividends !== null && Math.abs(stack.annualObligations.valueUsd - company.ann_dividends) > 1e6)
    differences.push(
      `Annual coupons and dividends: ours ${money(stack.annualObligations.valueUsd)} (each rate as last stated${stack.annualObligations.excluded.length ? `; not added: ${stack.annualObligations.excluded.join('; ')}` : ''}), the company's ${money(company.ann_dividends)}.`,
    );
  return {
    date,
    source: amplification.source,
    company,
    ours: {
      amplification: stack.amplification.value,
      debtUsd: stack.debt?.valueUsd ?? null,
      preferredUsd: stack.preferred?.valueUsd ?? null,
      annualObligationsUsd: stack.annualObligations?.valueUsd ?? null,
      btcCoverageYears: stack.coverage.btcYears,
      usdReserveMonths: stack.coverage.usdReserveMonths,
    },
    differences,
  };
}

/** A rating on the last day the stated order covered every claim: the day before `before` was issued. */
interface EarlierRating {
  value: number;
  /** The date of the holdings the rating uses. */
  asOf: string;
  before: string;
  issued: string;
}

export interface CapitalStructureView extends CapitalStack {
  company: CompanyRef;
  asOf: string | null;
  reported: ReportedComparison | null;
  /** By instrument id, for ratings not available today only because a later instrument's rank is not stated. */
  earlierRatings: Record<string, EarlierRating>;
}

function earlierRatingsOf(data: CapitalData, stack: CapitalStack): Record<string, EarlierRating> {
  const ratings: Record<string, EarlierRating> = {};
  for (const instrument of stack.instruments) {
    const rating = instrument.btcRating;
    if (rating.value !== null || !rating.unorderedAgainst) continue;
    const issued = stack.instruments.find((other) => other.name === rating.unorderedAgainst)?.issueDate;
    if (!issued || !/^\d{4}-\d{2}-\d{2}$/.test(issued)) continue;
    const dayBefore = addDays(issued, -1);
    const then = stackOn(data, dayBefore);
    const earlier = then.instruments.find((other) => other.id === instrument.id)?.btcRating;
    if (earlier?.value != null && then.btcNav) ratings[instrument.id] = { value: earlier.value, asOf: then.btcNav.btcHeld.asOf ?? dayBefore, before: rating.unorderedAgainst, issued };
  }
  return ratings;
}

export function capitalStructureOf(data: CapitalData, now = new Date()): CapitalStructureView {
  const stack = stackOn(data, isoDay(now));
  return { company: data.company, asOf: stack.btcNav?.btcHeld.asOf ?? null, ...stack, reported: reportedComparison(data), earlierRatings: earlierRatingsOf(data, stack) };
}

export async function getCapitalStructure(db: Db, id: string, now = new Date()): Promise<CapitalStructureView> {
  const company = await companyOrNotFound(db, id);
  return capitalStructureOf(await loadCapitalData(db, company, { now }), now);
}

export type KpiAnswer = ({ ok: true } & BtcKpi) | { ok: false; reason: string; from: string; to: string };

export interface KpiWindow {
  name: WindowName | 'custom';
  from: string;
  to: string;
  kpi: KpiAnswer;
}

interface CompanyReportedYield {
  btcYieldPercent: number;
  from: string;
  to: string;
  field: string;
  source: string;
  explanation: string;
}

export interface KpisView {
  company: CompanyRef;
  basis: ShareBasis | null;
  basisLabel: string | null;
  availableBases: ShareBasis[];
  window: KpiWindow | null;
  windows: KpiWindow[];
  daysToCoverMnav: { value: number | null; mNav: number | null; mNavBasis: string | null; mNavAsOf: string | null; btcYield90Percent: number | null; reason: string | null };
  companyFigure: CompanyReportedYield | null;
  reason: string | null;
}

const standardWindows: WindowName[] = ['QTD', 'YTD', '30d', '90d', '365d'];

function kpiAnswer(inputs: KpiInputs, basis: ShareBasis, from: string, to: string, maxCountAgeDays: number | null = null): KpiAnswer {
  const answer = btcKpi(inputs, basis, from, to, maxCountAgeDays);
  return answer.ok ? { ok: true, ...answer.value } : { ok: false, reason: answer.reason, from, to };
}

/**
 * Strategy publishes BTC per assumed diluted share daily (sats_per_share): its own BTC Yield over a
 * window is the change of that figure between the days nearest on or before each end.
 */
function companyYield(data: CapitalData, from: string, to: string): CompanyReportedYield | null {
  const sats = data.reported.get('sats_per_share');
  if (!sats?.length) return null;
  const start = latestOnOrBefore(sats, from);
  const end = latestOnOrBefore(sats, to);
  if (!start || !end || start.date === end.date) return null;
  return {
    btcYieldPercent: Math.round((end.value / start.value - 1) * 1e6) / 1e4,
    from: start.date,
    to: end.date,
    field: 'sats_per_share',
    source: start.source,
    explanation:
      "The company's daily BTC per assumed diluted share (sats_per_share) carries its own share count for every day; ours uses the count reported on or before each end (or that count plus the shares the 8-Ks report sold since, marked derived), so the two differ when a count is older than the day or when conversions, awards or unsettled sales moved the count in between.",
  };
}

export async function daysToCoverInput(db: Db, companyId: string) {
  return db.companyMetric.findUnique({ where: { companyId }, select: { evMNav: true, premiumToNav: true, mNavAsOf: true } });
}

export function kpisOf(
  data: CapitalData,
  options: { from?: string; to?: string; basis?: ShareBasis },
  metric: { evMNav: number | null; premiumToNav: number | null; mNavAsOf: Date | null } | null,
): KpisView {
  const bases = availableBases(data.kpi.shareCounts);
  const basis = options.basis ?? bases[0] ?? null;
  const empty: KpisView = {
    company: data.company,
    basis,
    basisLabel: basis ? shareBasisLabels[basis] : null,
    availableBases: bases,
    window: null,
    windows: [],
    daysToCoverMnav: { value: null, mNav: null, mNavBasis: null, mNavAsOf: null, btcYield90Percent: null, reason: 'no BTC Yield' },
    companyFigure: null,
    reason: null,
  };
  if (!basis) return { ...empty, reason: 'fewer than two dated share counts of one point-in-time basis are stored for this company' };
  if (options.basis && !bases.includes(options.basis)) return { ...empty, reason: `fewer than two ${options.basis} counts are stored for this company` };
  const end = latestCountDate(data.kpi, basis);
  if (!end) return { ...empty, reason: `no ${basis} count has a holdings reading within ${holdingsToleranceDays} days before it` };
  const windows = standardWindows.map((name): KpiWindow => {
    const from = windowStart(name, end);
    return { name, from, to: end, kpi: kpiAnswer(data.kpi, basis, from, end, maxCountAge[name]) };
  });
  const to = options.to ?? end;
  const from = options.from ?? windowStart('YTD', to);
  const window: KpiWindow = { name: options.from || options.to ? 'custom' : 'YTD', from, to, kpi: kpiAnswer(data.kpi, basis, from, to) };
  const yield90 = windows.find((entry) => entry.name === '90d')!.kpi;
  const mNav = metric?.evMNav ?? metric?.premiumToNav ?? null;
  const mNavBasis = metric?.evMNav != null ? 'EV mNAV' : metric?.premiumToNav != null ? 'basic mNAV' : null;
  let daysToCover: KpisView['daysToCoverMnav'] = { ...empty.daysToCoverMnav, mNav, mNavBasis, mNavAsOf: metric?.mNavAsOf?.toISOString().slice(0, 10) ?? null };
  if (!yield90.ok) daysToCover = { ...daysToCover, reason: `no 90-day BTC Yield: ${yield90.reason}` };
  else if (mNav === null) daysToCover = { ...daysToCover, btcYield90Percent: yield90.btcYieldPercent, reason: 'no mNAV computed' };
  else {
    const days = daysToCoverMnav(mNav, yield90.btcYieldPercent);
    daysToCover = { ...daysToCover, btcYield90Percent: yield90.btcYieldPercent, value: days.ok ? days.value : null, reason: days.ok ? null : days.reason };
  }
  return { ...empty, window, windows, daysToCoverMnav: daysToCover, companyFigure: companyYield(data, from, to) };
}

export async function getCompanyKpis(db: Db, id: string, options: { from?: string; to?: string; basis?: ShareBasis } = {}, now = new Date()): Promise<KpisView> {
  const company = await companyOrNotFound(db, id);
  const [data, metric] = await Promise.all([loadCapitalData(db, company, { now }), daysToCoverInput(db, company.id)]);
  return kpisOf(data, options, metric);
}

export interface IssuanceView {
  company: CompanyRef;
  basis: ShareBasis | null;
  events: IssuanceEvent[];
}

export function issuanceOf(data: CapitalData): IssuanceView {
  const basis = availableBases(data.kpi.shareCounts)[0] ?? null;
  const claimsAt = (date: string) => {
    const stack = stackOn(data, date);
    if (!stack.debt && !stack.preferred) return null;
    const dates = [stack.debt?.newestAsOf, stack.preferred?.newestAsOf].filter((value): value is string => Boolean(value)).sort();
    return { valueUsd: (stack.debt?.valueUsd ?? 0) + (stack.preferred?.valueUsd ?? 0), asOf: dates.at(-1) ?? null };
  };
  return { company: data.company, basis, events: issuanceEvents(data.events, { kpi: data.kpi, basis, claimsAt }) };
}

export async function getIssuance(db: Db, id: string, now = new Date()): Promise<IssuanceView> {
  const company = await companyOrNotFound(db, id);
  return issuanceOf(await loadCapitalData(db, company, { now }));
}

/** mNAV history on a basis for the export and the company page's basis selector. */
export function mnavHistoryOf(data: CapitalData, basis: MnavBasis): MnavBasisSeries {
  const diluted = [
    ...data.kpi.shareCounts.filter((row) => row.basis === 'assumed_diluted_strategy_kpi').map((row) => ({ date: row.date, value: row.value, source: row.source })),
    ...data.fundamentals.dilutedShares,
  ];
  // One count per day: the company's assumed diluted KPI count before a filing's diluted figure.
  const byDay = new Map<string, (typeof diluted)[number]>();
  for (const row of diluted) if (!byDay.has(row.date)) byDay.set(row.date, row);
  return mnavSeries(basis, {
    series: { closes: data.closes, ...data.fundamentals, splits: data.splits, holdings: data.kpi.holdings, btc: data.kpi.btcPrices },
    dilutedShares: [...byDay.values()],
    instruments: data.instruments,
  });
}

export async function getMnavHistoryByBasis(db: Db, id: string, basis: MnavBasis, now = new Date()) {
  const company = await companyOrNotFound(db, id);
  return { company, series: mnavHistoryOf(await loadCapitalData(db, company, { now }), basis) };
}

/** The company page's three capital sections from one load of the stored rows. */
export async function getCompanyCapital(db: Db, id: string, window: { from?: string; to?: string } = {}, now = new Date()) {
  const company = await companyOrNotFound(db, id);
  const [data, metric] = await Promise.all([loadCapitalData(db, company, { now }), daysToCoverInput(db, company.id)]);
  return { structure: capitalStructureOf(data, now), kpis: kpisOf(data, window, metric), issuance: issuanceOf(data) };
}
