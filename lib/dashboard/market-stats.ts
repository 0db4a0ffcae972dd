// The sidebar's Market Stats: bitcoin held by the tracked companies and BTC's day and week moves,
// from stored prices.

export const fallbackMarketValue = '$146.2B';

export interface PricePoint {
  at: Date;
  priceUsd: number;
}

/** Percent change from a reference price to the latest; null when either is missing. */
export function percentChange(latest: number | null | undefined, reference: number | null | undefined): number | null {
  if (latest == null || reference == null || !(reference > 0)) return null;
  return ((latest - reference) / reference) * 100;
}

/** A percent move, signed with one decimal ("+2.4%", "-1.2%", "0.0%"); "—" when unknown. */
export function formatChange(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  const rounded = Math.round(value * 10) / 10;
  return `${rounded > 0 ? '+' : rounded < 0 ? '-' : ''}${Math.abs(rounded).toFixed(1)}%`;
}

/** The market value line: totalBitcoinValue when the stat is available, else the spec's fallback. */
export function marketValueText(totalBitcoinValue: number | null | undefined, format: (value: number) => string): string {
  return typeof totalBitcoinValue === 'number' && totalBitcoinValue > 0 ? format(totalBitcoinValue) : fallbackMarketValue;
}
