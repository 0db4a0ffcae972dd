// Shares that always add up: percentages by the largest-remainder method (docs/metrics.md), and the
// one totals rule every output states its total of BTC held by.
import { formatBtc, formatDay, formatMoney } from '../format';


/**
 * Splits 100 % over the weights so the rounded parts sum to exactly 100 (or all zero when the
 * weights do). Ties in the remainders go to the earlier entry, so the result is deterministic.
 */
export function largestRemainder(weights: readonly number[], decimals = 0): number[] {
  const total = weights.reduce((sum, weight) => sum + Math.max(0, weight), 0);
  if (total <= 0) return weights.map(() => 0);
  const scale = 10 ** decimals;
  const units = 100 * scale;
  const exact = weights.map((weight) => (Math.max(0, weight) / total) * units);
  const floors = exact.map(Math.floor);
  let left = units - floors.reduce((sum, value) => sum + value, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - floors[index]! })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index]! += 1;
    left -= 1;
  }
  return floors.map((value) => value / scale);
}

const healthBuckets = ['A-B', 'C-D', 'E-F'] as const;
export type HealthBucket = (typeof healthBuckets)[number];

function healthBucketOf(grade: string): HealthBucket {
  if (grade === 'A' || grade === 'B') return 'A-B';
  if (grade === 'C' || grade === 'D') return 'C-D';
  return 'E-F';
}

/** Percent of companies per grade bucket, whole numbers summing to 100. */
export function healthDistribution(grades: readonly string[]): Record<HealthBucket, number> {
  const counts = healthBuckets.map((bucket) => grades.filter((grade) => healthBucketOf(grade) === bucket).length);
  const percentages = largestRemainder(counts);
  return Object.fromEntries(healthBuckets.map((bucket, index) => [bucket, percentages[index]!])) as Record<HealthBucket, number>;
}

export const sectors = ['Technology', 'Mining', 'Financial', 'Healthcare', 'Other'] as const;

export interface SectorShare {
  sector: string;
  /** Share of all bitcoin held by tracked companies, one decimal. */
  percentage: number;
  count: number;
  btcHoldings: number;
}

/**
 * Share of all BTC held, by sector (unclassified companies count as Other), largest first. Rows are
 * companies, or groups of `count` companies holding `btcHoldings` together.
 */
export function sectorAllocation(rows: readonly { sector: string | null; btcHoldings: number; count?: number }[]): SectorShare[] {
  const groups = new Map<string, { count: number; btc: number }>();
  for (const row of rows) {
    const sector = row.sector && (sectors as readonly string[]).includes(row.sector) ? row.sector : 'Other';
    const group = groups.get(sector) ?? { count: 0, btc: 0 };
    group.count += row.count ?? 1;
    group.btc += row.btcHoldings;
    groups.set(sector, group);
  }
  const entries = [...groups.entries()].sort((a, b) => b[1].btc - a[1].btc || a[0].localeCompare(b[0]));
  const percentages = largestRemainder(
    entries.map(([, group]) => group.btc),
    1,
  );
  return entries.map(([sector, group], index) => ({ sector, percentage: percentages[index]!, count: group.count, btcHoldings: group.btc }));
}

/** What the totals rule reads of a company. */
export interface TotalsCompany {
  name: string;
  ticker: string;
  btcHoldings: number;
  flagged: boolean;
  holdingsConfirmed: boolean;
}

/** The totals rule (docs/metrics.md, "Totals"): a company counts only with an unflagged, confirmed figure. */
export const isCountedInTotals = (company: Pick<TotalsCompany, 'flagged' | 'holdingsConfirmed'>) => !company.flagged && company.holdingsConfirmed;

interface ExcludedCompany {
  name: string;
  ticker: string;
  btcHoldings: number;
  reason: 'flagged' | 'unconfirmed';
}

export interface HoldingsTotals {
  /** Companies whose figures the total counts, and the companies considered (the scope: all tracked, or a top N). */
  counted: number;
  considered: number;
  /** BTC of the counted companies (outputs print it with formatBtc, to 2 decimals). */
  btc: number;
  /** That BTC at the stored price, null without one. */
  valueUsd: number | null;
  excluded: { companies: number; flagged: number; unconfirmed: number; btc: number; list: ExcludedCompany[] };
}

/**
 * The one total of BTC held that every output states (dashboard, reports, chat, API, mails): confirmed
 * figures only, with the companies left out named beside it. Excluded companies are listed largest first.
 */
export function holdingsTotals(companies: readonly TotalsCompany[], btcPriceUsd: number | null): HoldingsTotals {
  let btc = 0;
  let counted = 0;
  const list: ExcludedCompany[] = [];
  for (const company of companies) {
    if (isCountedInTotals(company)) {
      counted += 1;
      btc += company.btcHoldings;
    } else list.push({ name: company.name, ticker: company.ticker, btcHoldings: company.btcHoldings, reason: company.flagged ? 'flagged' : 'unconfirmed' });
  }
  list.sort((a, b) => b.btcHoldings - a.btcHoldings || a.name.localeCompare(b.name));
  return {
    counted,
    considered: companies.length,
    btc,
    valueUsd: btcPriceUsd && btcPriceUsd > 0 ? btc * btcPriceUsd : null,
    excluded: {
      companies: list.length,
      flagged: list.filter((company) => company.reason === 'flagged').length,
      unconfirmed: list.filter((company) => company.reason === 'unconfirmed').length,
      btc: Math.round(list.reduce((sum, company) => sum + company.btcHoldings, 0) * 100) / 100,
      list,
    },
  };
}

/** "Name (TICKER)", without repeating a ticker the name already ends with ("Twenty One Capital (XXI)"). */
export function nameWithTicker(company: { name: string; ticker: string | null }): string {
  const ticker = company.ticker?.trim();
  return ticker && !company.name.trimEnd().endsWith(`(${ticker})`) ? `${company.name} (${ticker})` : company.name;
}

/** The companies a total leaves out, named: "Acme Corp (ACME): flagged, 1,000 BTC; …". */
function excludedNames(totals: HoldingsTotals): string {
  return totals.excluded.list.map((company) => `${nameWithTicker(company)}: ${company.reason}, ${formatBtc(company.btcHoldings)}`).join('; ');
}

/**
 * The total as one sentence, the same in every text output: "149 companies with confirmed figures hold
 * 1,214,598.33 BTC ($94.6B at $77,910 per BTC, price of Aug 21, 2026); left out: 7 companies flagged or
 * unconfirmed, 33,343.67 BTC (…each named…)." `scope` says what was considered when it is not every
 * tracked company ("the top 100 holders").
 */
export function totalsSentence(totals: HoldingsTotals, options: { scope?: string; btcPriceUsd?: number | null; pricedAt?: string | null } = {}): string {
  const companies = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'company' : 'companies'}`;
  const counted = options.scope
    ? `Of ${options.scope}, ${totals.counted.toLocaleString('en-US')} with confirmed figures`
    : `${companies(totals.counted)} with confirmed figures`;
  const price = options.btcPriceUsd ? ` at ${formatMoney(options.btcPriceUsd)} per BTC${options.pricedAt ? `, price of ${formatDay(options.pricedAt)}` : ''}` : '';
  const value = totals.valueUsd !== null ? ` (${formatMoney(totals.valueUsd)}${price})` : '';
  const left = totals.excluded.companies
    ? `; left out: ${companies(totals.excluded.companies)} flagged or unconfirmed, ${formatBtc(totals.excluded.btc)} (${excludedNames(totals)})`
    : '; none is left out';
  return `${counted} ${totals.counted === 1 ? 'holds' : 'hold'} ${formatBtc(totals.btc)}${value}${left}.`;
}
