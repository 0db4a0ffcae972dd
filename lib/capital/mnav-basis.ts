// Daily mNAV on four bases (docs/metrics.md, "mNAV bases"): basic, EV, diluted and Strategy's 2026
// "net" definition. One point per day on which every input of the basis is stored, each input the
// latest dated on or before that day; days without one are counted and the first reason kept.
import { dailyCloses, latestOnOrBefore, marketCapOn, mNavHistory, splitBetween, type Dated, type MarketSeries } from '../treasury/market-metrics';
import { mnavBasisFormulas, type MnavBasis } from '../treasury/mnav-bases';
import { rowsAsOf, type InstrumentRow } from './stack';

// The bases and their formulas live with the company page's selector, which states them in the browser.
export { mnavBases, type MnavBasis } from '../treasury/mnav-bases';

export interface MnavBasisInputs {
  series: MarketSeries;
  /** Diluted counts of the basis the company states (assumed diluted first), dated. */
  dilutedShares: readonly Dated[];
  instruments: readonly InstrumentRow[];
}

export interface MnavBasisSeries {
  basis: MnavBasis;
  formula: string;
  points: { date: string; mNav: number }[];
  /** Days with a price and holdings but no value on this basis, and the first reason. */
  skippedDays: number;
  firstReason: string | null;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const sorted = (rows: readonly Dated[]) => [...rows].sort((a, b) => (a.date < b.date ? -1 : 1));

/** The convertible instruments stated on or before a day: name, kind, conversion price and shares, notional. */
function convertiblesOn(instruments: readonly InstrumentRow[], date: string) {
  const byName = new Map<string, InstrumentRow[]>();
  for (const row of rowsAsOf(instruments, date)) byName.set(row.instrumentKey, [...(byName.get(row.instrumentKey) ?? []), row]);
  const latest = <Value,>(rows: InstrumentRow[], pick: (row: InstrumentRow) => Value | null, dateOf: (row: InstrumentRow) => string | null) =>
    rows
      .filter((row) => pick(row) !== null)
      .sort((a, b) => ((dateOf(a) ?? '') < (dateOf(b) ?? '') ? -1 : 1))
      .map(pick)
      .at(-1) ?? null;
  return [...byName]
    .map(([name, rows]) => ({
      name,
      kind: rows[0]!.kind,
      currency: rows[0]!.currency,
      conversionPrice: latest(rows, (row) => row.conversionPrice, (row) => row.amountAsOf ?? row.rateAsOf ?? row.sharesAsOf),
      conversionShares: latest(rows, (row) => row.conversionShares, (row) => row.amountAsOf ?? row.rateAsOf ?? row.sharesAsOf),
      notional: latest(rows, (row) => row.amount, (row) => row.amountAsOf),
    }))
    .filter((instrument) => instrument.currency === 'USD' && (instrument.kind === 'convertible_note' || instrument.kind.startsWith('preferred')));
}

/** The net-basis mNAV on one day, or why not. */
function netOn(date: string, closeUsd: number, marketCapUsd: number, navUsd: number, inputs: MnavBasisInputs): number | string {
  const debt = latestOnOrBefore(sorted(inputs.series.debt), date);
  const preferred = latestOnOrBefore(sorted(inputs.series.preferred), date);
  const cash = latestOnOrBefore(sorted(inputs.series.cash), date);
  if (!debt || !preferred || !cash) return `no ${!debt ? 'total debt' : !preferred ? 'preferred' : 'cash'} figure dated on or before ${date}`;
  const convertibles = convertiblesOn(inputs.instruments, date).filter((instrument) => instrument.conversionPrice !== null);
  if (!convertibles.length) return `no convertible's terms stated on or before ${date}`;
  const debtSeries = convertibles.filter((instrument) => instrument.kind === 'convertible_note');
  const seriesPrincipal = debtSeries.reduce((sum, instrument) => sum + (instrument.notional ?? 0), 0);
  let itmDebt = 0;
  let itmPreferred = 0;
  let itmShares = 0;
  for (const instrument of convertibles) {
    if (!(closeUsd > instrument.conversionPrice!) || instrument.notional === 0) continue;
    if (instrument.notional === null || instrument.conversionShares === null) return `${instrument.name} is in the money but its notional or conversion shares are not stated`;
    if (instrument.kind === 'convertible_note') itmDebt += instrument.notional;
    else itmPreferred += instrument.notional;
    itmShares += instrument.conversionShares;
  }
  // The series must still add up to the stated debt, or which of them were retired is unknown.
  if (itmDebt > 0 && seriesPrincipal > debt.value * 1.01) return `the stated debt (${debt.date}) is below the series' principal: which convertible notes were retired is not known`;
  const netNav = navUsd + cash.value - (debt.value - itmDebt) - (preferred.value - itmPreferred);
  if (!(netNav > 0)) return `net BTC NAV is not positive on ${date}`;
  return (marketCapUsd + closeUsd * itmShares) / netNav;
}

/** Daily mNAV on `basis` (basic = the stored point-in-time history's rule). */
export function mnavSeries(basis: MnavBasis, inputs: MnavBasisInputs): MnavBasisSeries {
  const history = mNavHistory(inputs.series);
  const answer: MnavBasisSeries = { basis, formula: mnavBasisFormulas[basis], points: [], skippedDays: 0, firstReason: null };
  if (basis === 'basic') return { ...answer, points: history.map((point) => ({ date: point.date, mNav: point.mNav })) };
  const closes = new Map(dailyCloses(inputs.series.closes).map((close) => [close.date, close]));
  const diluted = sorted(inputs.dilutedShares);
  const [debts, preferreds, cashes] = [sorted(inputs.series.debt), sorted(inputs.series.preferred), sorted(inputs.series.cash)];
  const skip = (reason: string) => {
    answer.skippedDays += 1;
    answer.firstReason ??= reason;
  };
  for (const point of history) {
    const close = closes.get(point.date);
    if (basis === 'ev') {
      const parts = [latestOnOrBefore(debts, point.date), latestOnOrBefore(preferreds, point.date), latestOnOrBefore(cashes, point.date)];
      if (parts.some((part) => !part)) skip(`no total debt, preferred and cash all dated on or before ${point.date}`);
      else answer.points.push({ date: point.date, mNav: round4((point.marketCapUsd + parts[0]!.value + parts[1]!.value - parts[2]!.value) / point.navUsd) });
      continue;
    }
    if (!close || close.closeUsd === null) {
      skip(`no USD close on ${point.date}`);
      continue;
    }
    if (basis === 'diluted') {
      const count = latestOnOrBefore(diluted, point.date);
      if (!count) skip(`no diluted count dated on or before ${point.date}`);
      else if (splitBetween(inputs.series.splits, count.date, point.date)) skip(`a share split lies between the diluted count (${count.date}) and ${point.date}`);
      else answer.points.push({ date: point.date, mNav: round4((close.closeUsd * count.value) / point.navUsd) });
      continue;
    }
    const cap = marketCapOn(point.date, close, inputs.series);
    const net = cap.value === null ? (cap.missing[0] ?? 'no market cap') : netOn(point.date, close.closeUsd, cap.value, point.navUsd, inputs);
    if (typeof net === 'string') skip(net);
    else answer.points.push({ date: point.date, mNav: round4(net) });
  }
  return answer;
}
