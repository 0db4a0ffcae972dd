import { formatBtc, formatMoney } from '@/lib/format';
import type { CapitalStructureView } from '@/lib/capital/service';
import { formatDay } from '../format';

// The assistant's answer to a capital-structure question ("what is MSTR's amplification?"), built
// from the same figures as /api/v1/companies/{id}/capital-structure: every amount with its date.

/** A question about a company's capital stack, leverage, ratings or coverage. */
export const capitalQuestion = /\b(amplification|capital (stack|structure)|btc rating|preferreds?|convertibles?|converts|dividend coverage|leverage)\b/i;

const on = (date: string | null) => (date ? formatDay(date) : 'an undated filing');

export function writeCapitalAnswer(view: CapitalStructureView): string {
  const label = `${view.company.name} (${view.company.ticker})`;
  if (!view.debt && !view.preferred) return `No convertible notes, loans or preferred stock are stored for ${label}, so its amplification is not computed.`;
  const sentences: string[] = [];
  const parts = [
    view.debt && `debt ${formatMoney(view.debt.valueUsd)} at notional (${on(view.debt.newestAsOf)})`,
    view.preferred && `preferred ${formatMoney(view.preferred.valueUsd)} at notional (${on(view.preferred.newestAsOf)})`,
  ].filter(Boolean);
  if (view.amplification.value === null || !view.btcNav) sentences.push(`${label}'s amplification is not computed: ${view.amplification.reason}.`);
  else {
    const nav = view.btcNav;
    sentences.push(
      `${label}'s amplification is ${view.amplification.value.toFixed(3)}: ${parts.join(' plus ')}, divided by its BTC NAV of ${formatMoney(nav.valueUsd)} ` +
        `(${formatBtc(nav.btcHeld.value)} as of ${on(nav.btcHeld.asOf)} × ${formatMoney(nav.btcPriceUsd.value)} per BTC of ${on(nav.btcPriceUsd.asOf)}).`,
    );
  }
  const excluded = [...(view.debt?.excluded ?? []), ...(view.preferred?.excluded ?? [])];
  if (excluded.length) sentences.push(`Not added: ${excluded.join('; ')}.`);
  if (view.reported?.company.debt_pref_by_btc_nav != null) {
    const ours = view.reported.ours.amplification;
    sentences.push(
      `The company's own figure was ${view.reported.company.debt_pref_by_btc_nav.toFixed(3)} on ${on(view.reported.date)}` +
        (ours !== null ? `, where ours from the amounts stated by then is ${ours.toFixed(3)}` : '') +
        (view.reported.differences.length ? `: ${view.reported.differences.join(' ')}` : '.'),
    );
  }
  const rated = view.instruments.filter((instrument) => instrument.btcRating.value !== null);
  if (rated.length) sentences.push(`BTC rating (BTC NAV ÷ the claims senior to or equal with the instrument): ${rated.map((instrument) => `${instrument.name} ${instrument.btcRating.value!.toFixed(1)}x`).join('; ')}; the others are not available where the filings do not state the order of claims.`);
  sentences.push('This is not financial advice.');
  return sentences.join(' ');
}
