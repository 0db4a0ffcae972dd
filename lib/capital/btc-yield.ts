// BTC Yield as chat and the reports state it (issue 27): the 30/90/365-day windows of the KPI service
// (service.ts getCompanyKpis, the figures /api/v1/companies/{id}/kpis and the company dialog show),
// each with its share basis, the window's two dates and its sources. Nothing here computes a yield;
// pure, so the chat template and its tests take it without a database.
import { shareBases, shareBasisShortLabels, type ShareBasis } from './kpis';
import type { Db } from '../db';
import { getCompanyKpis, type KpisView } from './service';
import { formatDay } from '../format';

export const yieldWindows = ['30d', '90d', '365d'] as const;
export type YieldWindow = (typeof yieldWindows)[number];

/** The basis as an analyst reads it beside a figure; Strategy's own KPI uses assumed diluted shares. */
const yieldBasisLabels: Record<ShareBasis, string> = {
  assumed_diluted_strategy_kpi: 'assumed diluted shares',
  basic_outstanding_strategy_kpi: 'basic shares',
  basic_outstanding_strategytracker: 'basic shares',
  gross_diluted_strategytracker: 'gross diluted shares',
};

export interface BtcYieldFigure {
  window: YieldWindow;
  /** % change of BTC per share, as the KPI API gives it; null with `reason` when not computable. */
  percent: number | null;
  basis: ShareBasis | null;
  basisLabel: string | null;
  /** The window's start and end (as-of dates of the holdings and share counts used). */
  from: string | null;
  to: string | null;
  /** Where the end's holdings and both share counts come from. */
  sources: string[];
  reason: string | null;
}

export interface CompanyBtcYields {
  companyId: string;
  basis: ShareBasis | null;
  basisLabel: string | null;
  windows: Record<YieldWindow, BtcYieldFigure>;
}

/** A source as a reader sees it: without addresses (subscriber-facing text names no URLs). */
const readableSource = (source: string) => source.replace(/\s*https?:\/\/\S*?(?=[);]|$)/g, '').trim();

/** A reason with the basis keys in words ("assumed diluted" for assumed_diluted_strategy_kpi). */
const inWords = (reason: string) => shareBases.reduce((text, basis) => text.replaceAll(basis, shareBasisShortLabels[basis]), reason);

const noShareCountsReason = 'no dated share counts of one basis are stored for this company';

/** The 30/90/365-day figures of a KPI view, unchanged. */
export function btcYieldsOf(view: KpisView): CompanyBtcYields {
  const basisLabel = view.basis ? yieldBasisLabels[view.basis] : null;
  const figure = (name: YieldWindow): BtcYieldFigure => {
    const window = view.windows.find((entry) => entry.name === name);
    if (!window) return { window: name, percent: null, basis: view.basis, basisLabel, from: null, to: null, sources: [], reason: inWords(view.reason ?? noShareCountsReason) };
    const { kpi } = window;
    if (!kpi.ok) return { window: name, percent: null, basis: view.basis, basisLabel, from: window.from, to: window.to, sources: [], reason: inWords(kpi.reason) };
    const sources = [...new Set([kpi.to.btcHeldSource, kpi.from.shares.countSource, kpi.to.shares.countSource].map(readableSource))];
    return { window: name, percent: kpi.btcYieldPercent, basis: kpi.basis, basisLabel: yieldBasisLabels[kpi.basis], from: kpi.from.date, to: kpi.to.date, sources, reason: null };
  };
  return { companyId: view.company.id, basis: view.basis, basisLabel, windows: { '30d': figure('30d'), '90d': figure('90d'), '365d': figure('365d') } };
}

function emptyBtcYields(companyId: string): CompanyBtcYields {
  const figure = (name: YieldWindow): BtcYieldFigure => ({ window: name, percent: null, basis: null, basisLabel: null, from: null, to: null, sources: [], reason: noShareCountsReason });
  return { companyId, basis: null, basisLabel: null, windows: { '30d': figure('30d'), '90d': figure('90d'), '365d': figure('365d') } };
}


/** "+0.95%": a change carries its sign. */
export function formatYieldPercent(percent: number, digits = 2): string {
  return `${percent > 0 ? '+' : ''}${percent.toFixed(digits)}%`;
}

/** "90-day BTC yield +0.95% on assumed diluted shares, Apr 17, 2026 to Jul 16, 2026" — or why there is no figure. */
export function describeYield(figure: BtcYieldFigure): string {
  const days = figure.window.replace('d', '');
  if (figure.percent === null) return `${days}-day BTC yield: not computable (${figure.reason ?? 'no figure'})`;
  return `${days}-day BTC yield ${formatYieldPercent(figure.percent)} on ${figure.basisLabel}, ${formatDay(figure.from!)} to ${formatDay(figure.to!)}`;
}

/**
 * The figures of many companies (a report's list): the KPI service for each company with stored
 * share counts — the same call the API makes — and "not computable" for the others.
 */
export async function loadBtcYields(db: Db, companyIds: readonly string[], now = new Date()): Promise<Map<string, CompanyBtcYields>> {
  const counted = await db.shareCount.findMany({ where: { companyId: { in: [...companyIds] }, date: { lte: now } }, distinct: ['companyId'], select: { companyId: true } });
  const result = new Map(companyIds.map((id) => [id, emptyBtcYields(id)]));
  for (const { companyId } of counted) result.set(companyId, btcYieldsOf(await getCompanyKpis(db, companyId, {}, now)));
  return result;
}
