// The company dialog's 30/90/365-day BTC Yield from the capital KPIs (lib/capital/kpis.ts), in the
// market metrics' Figure shape, so the dialog shows it like every other market figure.
import type { Figure } from '../treasury/market-metrics';
import { availableBases, btcKpi, latestCountDate, maxCountAge, shareBasisShortLabels, windowStart, type KpiInputs, type WindowName } from './kpis';

/**
 * The 30/90/365-day BTC Yield of the company dialog, in the market metrics' Figure shape: the
 * preferred basis's figure, with both ends' holdings and share counts (their dates, and whether a
 * count is derived) as its inputs; null with the reason when the rows do not allow it.
 */
export function dialogYields(inputs: KpiInputs): Record<30 | 90 | 365, Figure> | null {
  const basis = availableBases(inputs.shareCounts)[0];
  if (!basis) return null;
  const end = latestCountDate(inputs, basis);
  if (!end) return null;
  const figure = (name: WindowName): Figure => {
    const answer = btcKpi(inputs, basis, windowStart(name, end), end, maxCountAge[name]);
    if (!answer.ok) return { value: null, asOf: null, inputs: [], missing: [`${shareBasisShortLabels[basis]} shares: ${answer.reason}`] };
    const { from, to } = answer.value;
    const shares = (side: typeof from, label: string) => ({
      name: `${label}: ${side.shares.derived ? `derived (count of ${side.shares.countDate} + ${Math.round(side.shares.addedShares).toLocaleString('en-US')} shares the 8-Ks report sold since)` : `count of ${side.shares.countDate}`}; ${shareBasisShortLabels[basis]}`,
      value: side.shares.shares,
      asOf: side.date,
      source: side.shares.countSource,
    });
    return {
      value: Math.round(answer.value.btcYieldPercent * 100) / 100,
      asOf: end,
      inputs: [
        { name: 'BTC held at start', value: from.btcHeld, asOf: from.btcHeldAsOf, source: from.btcHeldSource },
        shares(from, 'shares at start'),
        { name: 'BTC held at end', value: to.btcHeld, asOf: to.btcHeldAsOf, source: to.btcHeldSource },
        shares(to, 'shares at end'),
      ],
      missing: [],
    };
  };
  return { 30: figure('30d'), 90: figure('90d'), 365: figure('365d') };
}
