import { formatYieldPercent, yieldWindows, type CompanyBtcYields, type YieldWindow } from '../capital/btc-yield';
import { nameWithTicker } from '../treasury/aggregates';
import { formatDay } from '../format';

// BTC yield in the reports (issue 27): the KPI service's figures (lib/capital/btc-yield.ts), one column
// in the PDF tables with the basis and window dates in a note under them, three windows in the CSV.

export const yieldColumnHeader = 'BTC yield 90 d';

/** The 90-day figure of a table row, or "-" when it is not computable (the note says why). */
export function yieldCell(yields: CompanyBtcYields | undefined): string {
  const figure = yields?.windows['90d'];
  return figure?.percent == null ? '-' : formatYieldPercent(figure.percent);
}

/** The note under a table with the yield column: what it is, and each shown figure's basis, dates and sources. */
export function yieldNote(companies: readonly { id: string; name: string; ticker: string | null }[], yields: ReadonlyMap<string, CompanyBtcYields>): string {
  const shown = companies.flatMap((company) => {
    const figure = yields.get(company.id)?.windows['90d'];
    if (figure?.percent == null) return [];
    return [`${nameWithTicker(company)}: ${formatYieldPercent(figure.percent)} on ${figure.basisLabel}, ${formatDay(figure.from!)} to ${formatDay(figure.to!)} (sources: ${figure.sources.join('; ')})`];
  });
  const intro =
    `${yieldColumnHeader}: the change in BTC held per share over the 90 days to the company's latest dated share count, as on the company page and in the API. ` +
    "Strategy's own KPI counts assumed diluted shares; a figure on basic shares is labelled so.";
  return shown.length ? `${intro} ${shown.join('. ')}. "-": no two dated share counts of one basis around the window.` : `${intro} No company in this table has two dated share counts of one basis around the window ("-").`;
}

/** The CSV columns of the three windows: basis once, then per window the figure and its two dates, then the sources. */
export const yieldCsvHeader = [
  'btc_yield_basis',
  ...yieldWindows.flatMap((window) => [`btc_yield_${window}_pct`, `btc_yield_${window}_from`, `btc_yield_${window}_to`]),
  'btc_yield_sources',
];

export function yieldCsvCells(yields: CompanyBtcYields | undefined): (string | number | null)[] {
  const figure = (window: YieldWindow) => yields?.windows[window];
  const computed = yieldWindows.map(figure).filter((entry) => entry?.percent != null);
  return [
    computed.length ? (yields?.basisLabel ?? null) : null,
    ...yieldWindows.flatMap((window) => {
      const entry = figure(window);
      return entry?.percent == null ? [null, null, null] : [entry.percent, entry.from, entry.to];
    }),
    [...new Set(computed.flatMap((entry) => entry!.sources))].join('; ') || null,
  ];
}
