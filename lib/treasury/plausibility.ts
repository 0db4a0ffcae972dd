import { dayMs } from '../dates';
// Plausibility checks on holdings figures (issue 12; docs/metrics.md, "Plausibility checks"). A figure
// a check rejects is quarantined: stored with the check and its reason, shown as quarantined, never
// turned into a signal and never counted in a total. Pure functions over readings, so the seed
// (prisma/seed/seed-history.ts) and the ingest (lib/ingest/holdings.ts) apply the same rules.

/** The checks, in the order they win when several find the same (company, day). */
export type PlausibilityCheck = 'same-figure' | 'reverting-jump' | 'exceeds-balance-sheet' | 'unfiled-change';

/** One company's figure on one day, as a source stated it. */
export interface Reading {
  companyId: string;
  name: string;
  /** YYYY-MM-DD */
  date: string;
  quantity: number;
  /** A filing (or the source's link to one) stands behind the figure. */
  hasFiling: boolean;
}

export interface QuarantineFinding {
  companyId: string;
  date: string;
  check: PlausibilityCheck;
  reason: string;
}

/** A figure of CompanyFundamental, in US dollars, as of a day (YYYY-MM-DD). */
export interface BalanceSheetFigure {
  companyId: string;
  field: 'total_assets' | 'market_cap' | 'total_debt' | 'preferred_equity';
  valueUsd: number;
  asOf: string;
}

/** Figures below this, or whole hundreds, are too common for a shared figure to mean a copied row. */
const sameFigureMinimumBtc = 100;
/** A reading that moves more than this from the one before it is a jump… */
const jumpThreshold = 0.5;
/** …and it reverts when a reading within this many days of the jump is back within 5 % of the figure before it. */
const revertWithinDays = 30;
const revertTolerance = 0.05;
/** A figure "consistent with the company's own history" is within 25 % of its nearest figure outside the suspect run. */
const ownHistoryTolerance = 0.25;
/** Without total assets, the bound is this multiple of market capitalisation + debt + preferred equity. */
const enterpriseMultiple = 3;
/** A fundamental older than this before the reading's day is not used. */
const fundamentalMaxAgeDays = 400;

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs;
const btc = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 8 });
const usd = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;
const findingKey = (companyId: string, date: string) => `${companyId}|${date}`;

function seriesByCompany(readings: readonly Reading[]): Map<string, Reading[]> {
  const series = new Map<string, Reading[]>();
  for (const reading of readings) series.set(reading.companyId, [...(series.get(reading.companyId) ?? []), reading]);
  for (const list of series.values()) list.sort((a, b) => a.date.localeCompare(b.date));
  return series;
}

const isDistinctive = (quantity: number) => quantity >= sameFigureMinimumBtc && quantity % 100 !== 0;

interface Run {
  readings: Reading[];
  before?: Reading;
  after?: Reading;
}

/** The contiguous readings of `series` equal to the figure of the reading on `date`, with the readings around them. */
function runAround(series: readonly Reading[], date: string): Run {
  const index = series.findIndex((reading) => reading.date === date);
  const quantity = series[index]!.quantity;
  let first = index;
  let last = index;
  while (first > 0 && series[first - 1]!.quantity === quantity) first -= 1;
  while (last < series.length - 1 && series[last + 1]!.quantity === quantity) last += 1;
  return { readings: series.slice(first, last + 1), before: series[first - 1], after: series[last + 1] };
}

function isConsistentWithOwnHistory(run: Run): boolean {
  const quantity = run.readings[0]!.quantity;
  return [run.before, run.after].every(
    (neighbour) => !neighbour || neighbour.quantity <= 0 || Math.abs(quantity - neighbour.quantity) / neighbour.quantity <= ownHistoryTolerance,
  );
}

const span = (run: Run) => {
  const first = run.readings[0]!.date;
  const last = run.readings.at(-1)!.date;
  return first === last ? `on ${first}` : `from ${first} to ${last}`;
};

/**
 * Two companies with the same distinctive figure on the same day: one row was copied into the other.
 * The whole run of days each company showed that figure is suspect; when the figure fits one
 * company's own history and not the other's, only the other is quarantined, else both are.
 */
export function findSameFigures(readings: readonly Reading[]): QuarantineFinding[] {
  const series = seriesByCompany(readings);
  const pairs = new Map<string, { a: Reading; b: Reading }>();
  const byDay = new Map<string, Reading[]>();
  for (const reading of readings) if (isDistinctive(reading.quantity)) byDay.set(`${reading.date}|${reading.quantity}`, [...(byDay.get(`${reading.date}|${reading.quantity}`) ?? []), reading]);
  for (const group of byDay.values()) {
    for (let i = 0; i < group.length; i += 1) {
      for (let j = i + 1; j < group.length; j += 1) {
        const [a, b] = group[i]!.companyId <= group[j]!.companyId ? [group[i]!, group[j]!] : [group[j]!, group[i]!];
        if (a.companyId === b.companyId) continue;
        const key = `${a.companyId}|${b.companyId}|${a.quantity}`;
        if (!pairs.has(key)) pairs.set(key, { a, b });
      }
    }
  }
  const findings: QuarantineFinding[] = [];
  for (const { a, b } of pairs.values()) {
    const runA = runAround(series.get(a.companyId)!, a.date);
    const runB = runAround(series.get(b.companyId)!, b.date);
    const fitsA = isConsistentWithOwnHistory(runA);
    const fitsB = isConsistentWithOwnHistory(runB);
    const suspects: [Reading, Run, Reading, Run][] =
      fitsA && !fitsB ? [[b, runB, a, runA]] : fitsB && !fitsA ? [[a, runA, b, runB]] : [[a, runA, b, runB], [b, runB, a, runA]];
    for (const [reading, run, other, otherRun] of suspects) {
      const neighbour = run.after ?? run.before;
      const ownFigure =
        neighbour && !isConsistentWithOwnHistory(run) ? `; its own figure ${neighbour === run.after ? 'after' : 'before'} that is ${btc(neighbour.quantity)} BTC (${neighbour.date})` : '';
      const verdict = suspects.length === 1 ? '' : ' Which company the figure belongs to cannot be told from the data.';
      const reason =
        `${reading.name} shows ${btc(reading.quantity)} BTC ${span(run)}, the same figure as ${other.name} ${span(otherRun)}: ` +
        `a row copied between companies in the source${ownFigure}.${verdict}`;
      for (const quarantined of run.readings) findings.push({ companyId: reading.companyId, date: quarantined.date, check: 'same-figure', reason });
    }
  }
  return findings;
}

/** A figure that moves by more than 50 % and comes back within 5 % of where it was within 30 days: the readings in between. */
export function findRevertingJumps(readings: readonly Reading[]): QuarantineFinding[] {
  const findings: QuarantineFinding[] = [];
  for (const series of seriesByCompany(readings).values()) {
    let index = 1;
    while (index < series.length) {
      const before = series[index - 1]!;
      const jump = series[index]!;
      if (before.quantity > 0 && Math.abs(jump.quantity - before.quantity) / before.quantity > jumpThreshold) {
        let back = index + 1;
        while (back < series.length && daysBetween(before.date, series[back]!.date) <= revertWithinDays) {
          if (Math.abs(series[back]!.quantity - before.quantity) / before.quantity <= revertTolerance) break;
          back += 1;
        }
        const reverted = series[back];
        if (reverted && daysBetween(before.date, reverted.date) <= revertWithinDays) {
          const quarantined = series.slice(index, back);
          const reason =
            `${jump.name} jumped from ${btc(before.quantity)} BTC (${before.date}) to ${btc(jump.quantity)} BTC (${jump.date}) ` +
            `and was back at ${btc(reverted.quantity)} BTC on ${reverted.date}: a jump that reverts is a source error, not a purchase and a sale.`;
          for (const reading of quarantined) findings.push({ companyId: reading.companyId, date: reading.date, check: 'reverting-jump', reason });
          index = back + 1;
          continue;
        }
      }
      index += 1;
    }
  }
  return findings;
}

/** A figure that differs from the one before it where no filing stands behind it, until a filed reading states it. */
export function findUnfiledChanges(readings: readonly Reading[]): QuarantineFinding[] {
  const findings: QuarantineFinding[] = [];
  for (const series of seriesByCompany(readings).values()) {
    let reason: string | null = null;
    let quantity: number | null = null;
    series.forEach((reading, index) => {
      const previous = series[index - 1];
      if (reason !== null && reading.quantity === quantity && !reading.hasFiling) {
        findings.push({ companyId: reading.companyId, date: reading.date, check: 'unfiled-change', reason });
        return;
      }
      reason = null;
      if (previous && previous.quantity !== reading.quantity && !reading.hasFiling) {
        reason = `${reading.name} changed from ${btc(previous.quantity)} BTC (${previous.date}) to ${btc(reading.quantity)} BTC (${reading.date}) with no filing behind the change.`;
        quantity = reading.quantity;
        findings.push({ companyId: reading.companyId, date: reading.date, check: 'unfiled-change', reason });
      }
    });
  }
  return findings;
}

/**
 * A holding worth more than the company's whole balance sheet: total assets when a source states them,
 * else 3 × (market capitalisation + debt + preferred equity), an enterprise value at a third of the
 * bitcoin's worth. Readings with no stored figure of either kind, or no BTC price, are not checked.
 */
export function findBalanceSheetExcess(
  readings: readonly Reading[],
  fundamentals: readonly BalanceSheetFigure[],
  btcPriceOn: (date: string) => number | null,
): QuarantineFinding[] {
  const byCompany = new Map<string, BalanceSheetFigure[]>();
  for (const figure of fundamentals) byCompany.set(figure.companyId, [...(byCompany.get(figure.companyId) ?? []), figure]);
  for (const list of byCompany.values()) list.sort((a, b) => b.asOf.localeCompare(a.asOf));
  const latest = (figures: BalanceSheetFigure[], field: BalanceSheetFigure['field'], date: string) =>
    figures.find((figure) => figure.field === field && figure.asOf <= date && daysBetween(figure.asOf, date) <= fundamentalMaxAgeDays);

  const findings: QuarantineFinding[] = [];
  for (const reading of readings) {
    const figures = byCompany.get(reading.companyId);
    if (!figures) continue;
    const price = btcPriceOn(reading.date);
    if (!price) continue;
    const value = reading.quantity * price;
    const assets = latest(figures, 'total_assets', reading.date);
    const marketCap = latest(figures, 'market_cap', reading.date);
    let bound: number;
    let basis: string;
    if (assets) {
      bound = assets.valueUsd;
      basis = `total assets of ${usd(assets.valueUsd)} (${assets.asOf})`;
    } else if (marketCap) {
      const debt = latest(figures, 'total_debt', reading.date)?.valueUsd ?? 0;
      const preferred = latest(figures, 'preferred_equity', reading.date)?.valueUsd ?? 0;
      bound = enterpriseMultiple * (marketCap.valueUsd + debt + preferred);
      basis = `${enterpriseMultiple} × (market capitalisation ${usd(marketCap.valueUsd)} on ${marketCap.asOf} + debt ${usd(debt)} + preferred ${usd(preferred)})`;
    } else continue;
    if (value > bound) {
      findings.push({
        companyId: reading.companyId,
        date: reading.date,
        check: 'exceeds-balance-sheet',
        reason: `${reading.name}'s ${btc(reading.quantity)} BTC on ${reading.date} are worth ${usd(value)} at ${usd(price)}, more than ${basis}.`,
      });
    }
  }
  return findings;
}

export interface PlausibilityInput {
  readings: readonly Reading[];
  fundamentals?: readonly BalanceSheetFigure[];
  btcPriceOn?: (date: string) => number | null;
}

/** Every check over the readings; one finding per (company, day), the first check in PlausibilityCheck order winning. */
export function checkPlausibility(input: PlausibilityInput): Map<string, QuarantineFinding> {
  const all = [
    ...findSameFigures(input.readings),
    ...findRevertingJumps(input.readings),
    ...(input.fundamentals?.length && input.btcPriceOn ? findBalanceSheetExcess(input.readings, input.fundamentals, input.btcPriceOn) : []),
    ...findUnfiledChanges(input.readings),
  ];
  const findings = new Map<string, QuarantineFinding>();
  for (const finding of all) {
    const key = findingKey(finding.companyId, finding.date);
    if (!findings.has(key)) findings.set(key, finding);
  }
  return findings;
}

export const quarantineKey = findingKey;
