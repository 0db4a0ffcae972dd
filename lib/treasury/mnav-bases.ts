import { marketFormulas } from './market-formulas';

// The four definitions of mNAV a company page switches between (issue 26): trackers publish different
// figures for one company on one day because they divide different things, so each basis says its formula.

export const mnavBases = ['basic', 'ev', 'diluted', 'net'] as const;
export type MnavBasis = (typeof mnavBases)[number];

export const mnavBasisLabels: Record<MnavBasis, string> = {
  basic: 'Basic',
  ev: 'EV',
  diluted: 'Diluted',
  net: 'Strategy 2026 net',
};

export const mnavBasisFormulas: Record<MnavBasis, string> = {
  basic: marketFormulas.mNav,
  ev: marketFormulas.evMNav,
  diluted: marketFormulas.dilutedMNav,
  net: 'net mNAV = share price ÷ net BTC per share (Strategy’s definition from 2026-07-23: only in-the-money convertible notes count as shares)',
};

/**
 * The bases GET /api/v1/companies/{id}/mnav-history has a daily history for (`?basis=`); the chart
 * shows "no history yet" for the others instead of asking. Add a basis here when the API serves it.
 */
export const mnavBasesWithHistory: readonly MnavBasis[] = ['basic'];
