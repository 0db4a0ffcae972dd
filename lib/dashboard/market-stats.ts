// The sidebar's Market Stats: bitcoin held by the tracked companies and BTC's day and week moves,
// from stored prices.

import { enUsDay } from '@/lib/en-us';
import { dayMs } from '../dates';

/** Said instead of a value when no BTC price is stored (the spec's fixed $146.2B would be a figure nobody measured). */
const unknownMarketValue = 'Unknown: no stored BTC price';

/** The market value line: totalBitcoinValue when the stat is available, else a plain "unknown". */
export function marketValueText(totalBitcoinValue: number | null | undefined, format: (value: number) => string): string {
  return typeof totalBitcoinValue === 'number' && totalBitcoinValue > 0 ? format(totalBitcoinValue) : unknownMarketValue;
}


/**
 * The words after BTC's day and week moves: "today" and "this week" only when the latest price is
 * from the last 24 hours; otherwise the moves are named by the date they end on.
 */
export function movePeriodLabels(pricedAt: string | null, now: Date): { day: string; week: string } {
  const at = pricedAt ? new Date(pricedAt) : null;
  if (!at || Number.isNaN(at.getTime())) return { day: 'over a day', week: 'over a week' };
  if (now.getTime() - at.getTime() <= dayMs) return { day: 'today', week: 'this week' };
  const date = enUsDay(at);
  return { day: `in the day to ${date}`, week: `in the week to ${date}` };
}
