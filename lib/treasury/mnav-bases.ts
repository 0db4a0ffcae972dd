// The four definitions of mNAV (docs/metrics.md, "mNAV bases"; issue 26): trackers publish different
// figures for one company on one day because they divide different things, so each basis states its
// formula. Safe to import from client components: the company page's selector shows these words.

export const mnavBases = ['basic', 'ev', 'diluted', 'net'] as const;
export type MnavBasis = (typeof mnavBases)[number];

export const mnavBasisLabels: Record<MnavBasis, string> = {
  basic: 'Basic',
  ev: 'EV',
  diluted: 'Diluted',
  net: 'Strategy 2026 net',
};

export const mnavBasisFormulas: Record<MnavBasis, string> = {
  basic: 'basic mNAV = market cap ÷ BTC NAV (BTC held × BTC price)',
  ev: 'EV mNAV = (market cap + total debt + preferred − cash) ÷ BTC NAV',
  diluted: 'diluted mNAV = share price × diluted shares (assumed diluted where stated) ÷ BTC NAV',
  net:
    "net mNAV (Strategy's definition from 2026-07-23) = share price ÷ net BTC NAV per share, where net BTC NAV per share = (BTC NAV + cash − debt and preferred not convertible in the money, at notional) ÷ (basic shares + shares of the converts in the money at that day's price)",
};

