import { describeYield, yieldWindows, type CompanyBtcYields } from '@/lib/capital/btc-yield';

// The assistant's answer to a BTC yield question ("what is MSTR's BTC yield?"), from the KPI service's
// figures (lib/capital/btc-yield.ts): each window with its share basis, both dates and its sources.

/** A question about a company's BTC yield (BTC per share growth). */
export const yieldQuestion = /\b(btc|bitcoin)[\s-]?yield\b/i;

/** The basis in words, and why it matters when it is not Strategy's own. */
function basisSentence(yields: CompanyBtcYields): string | null {
  if (!yields.basis) return null;
  if (yields.basis === 'assumed_diluted_strategy_kpi') return "Basis: assumed diluted shares, as in Strategy's own KPI (every convert, convertible preferred, option and award at full count).";
  return `Basis: ${yields.basisLabel}, labelled so because no assumed diluted counts are stored for this company; a figure on basic shares leaves out dilution from converts and awards.`;
}

/** The sentence for one window of the company analysis or of a yield answer, with its sources. */
export function yieldSentence(yields: CompanyBtcYields, window: (typeof yieldWindows)[number]): string {
  const figure = yields.windows[window];
  const text = describeYield(figure);
  return figure.percent === null ? `${text}.` : `${text} (sources: ${figure.sources.join('; ')}).`;
}

export function writeYieldAnswer(label: string, yields: CompanyBtcYields): string {
  const computed = yieldWindows.filter((window) => yields.windows[window].percent !== null);
  if (!computed.length) {
    const reason = yields.windows['90d'].reason ?? 'no dated share counts are stored';
    return `${label}'s BTC yield is not computable: ${reason}. This is not financial advice.`;
  }
  return [
    `${label}'s BTC yield (the change in BTC held per share over a window):`,
    ...yieldWindows.map((window) => yieldSentence(yields, window)),
    basisSentence(yields),
    'This is not financial advice.',
  ]
    .filter(Boolean)
    .join(' ');
}
