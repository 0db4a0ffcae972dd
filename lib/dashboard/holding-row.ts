// What the dashboard's holdings table, its top-five card and the signal panel read of a company:
// the fields they show or filter on, nothing more. The server hands these rows to the page (they
// travel inside the HTML, so a phone parses 100 of them before it can use the page) and the browser
// maps each poll of /api/treasury/holdings to the same shape, so both produce one cache entry.
import type { FlagState } from '../treasury/flags';
import type { listHoldings } from '../treasury/repository';

/** A company as the holdings endpoint lists it. */
export type HoldingRecord = Awaited<ReturnType<typeof listHoldings>>[number];

export interface HoldingRow extends FlagState {
  id: string;
  /** The company page's slug (/companies/{slug}). */
  slug: string;
  name: string;
  ticker: string;
  exchange: string;
  sector: string;
  btcHoldings: number;
  countedInTotals: boolean;
  /** The holdings figure's date and source, and its value at the latest stored BTC price. */
  latest: { asOf: string; source: string; currentValue: number | null } | null;
  metrics: {
    healthGrade: string;
    provisional: boolean;
    missingInputs: string[];
    aiRiskScore: number;
    mNav: number | null;
    mNavAsOf: string | null;
    /** Why mNAV is unknown, when it is. */
    mNavReason: string | null;
  };
  /** What the quick filters weigh: severity and time of each active signal. */
  activeSignals: { severity: string; detectedAt: string }[];
}

export function toHoldingRow(company: HoldingRecord): HoldingRow {
  const latest = company.holdings[0];
  const { metrics } = company;
  return {
    id: company.id,
    slug: company.slug,
    name: company.name,
    ticker: company.ticker,
    exchange: company.exchange,
    sector: company.sector,
    btcHoldings: company.btcHoldings,
    countedInTotals: company.countedInTotals,
    flagged: company.flagged,
    flagReason: company.flagReason,
    flagCheck: company.flagCheck,
    holdingsConfirmed: company.holdingsConfirmed,
    latest: latest ? { asOf: latest.asOf, source: latest.source, currentValue: latest.currentValue } : null,
    metrics: {
      healthGrade: metrics.healthGrade,
      provisional: metrics.provisional,
      missingInputs: metrics.missingInputs,
      aiRiskScore: metrics.aiRiskScore,
      mNav: metrics.mNav,
      mNavAsOf: metrics.mNavAsOf,
      mNavReason: metrics.missingReasons.mNav ?? null,
    },
    activeSignals: company.activeSignals.map((signal) => ({ severity: signal.severity, detectedAt: signal.detectedAt })),
  };
}
