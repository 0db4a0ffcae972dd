// How a company's flag is named on screen (issue 12): the check behind it, in a few words. Shared by
// the leaderboard, the company dialog, signal cards and the data-health report.

export interface FlagState {
  flagged: boolean;
  flagReason: string | null;
  flagCheck: string | null;
  holdingsConfirmed: boolean;
}

const checkLabels: Record<string, string> = {
  'same-figure': 'Same figure as another company',
  'reverting-jump': 'A jump that reverted',
  'exceeds-balance-sheet': 'More than its balance sheet',
  'unfiled-change': 'A change with no filing',
  'source-disagreement': 'Sources disagree by more than 5 %',
  'known-issue': 'Known issue',
  'duplicate-listing': 'Two entities on one listing',
  'zero-figure': 'Zero figure not imported',
};

/** Short label of the flag, or null when the figure is neither flagged nor unconfirmed. */
export function flagLabel(state: Pick<FlagState, 'flagged' | 'flagCheck' | 'holdingsConfirmed'>): string | null {
  if (state.flagged) return (state.flagCheck && checkLabels[state.flagCheck]) || 'Flagged';
  if (!state.holdingsConfirmed) return 'Claimed in chat, not yet confirmed by a filing';
  return null;
}

/** The flag's full reason (several reasons are joined with " | " when stored), one per line. */
export function flagReasons(state: Pick<FlagState, 'flagged' | 'flagReason' | 'holdingsConfirmed'>): string[] {
  if (state.flagged) return (state.flagReason ?? 'Flagged without a stated reason.').split(' | ').map((reason) => reason.trim()).filter(Boolean);
  if (!state.holdingsConfirmed) return ['A user stated this figure in the assistant; it stays out of totals until a filing or a second source confirms it.'];
  return [];
}

/**
 * Holdings sources kept only to compare against ours (a second source's figure, stored with its own
 * date): they raise disagreement flags, but never become a company's holdings series, so they stay
 * out of metrics, trends and the holdings history.
 */
export const comparisonHoldingSources = ['CoinGecko public treasury'] as const;
