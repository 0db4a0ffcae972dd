// Display of the market metrics (shared by the dashboard, the company dialog and analytics).

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });
const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "Jul 10, 2026" from YYYY-MM-DD or an ISO timestamp. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? '—' : dayFormat.format(new Date(time));
}

export const formatMultiple = (value: number) => `${value.toFixed(2)}×`;

export function formatInputValue(name: string, value: number): string {
  if (/price/i.test(name)) return `$${plain.format(value)}`;
  if (/cap|debt|cash|preferred/i.test(name)) return `$${compact.format(value)}`;
  if (/BTC held|holdings/i.test(name)) return `${plain.format(value)} BTC`;
  return compact.format(value);
}

/** The formulas of docs/metrics.md, as the screens state them. */
export const marketFormulas = {
  mNav: 'mNAV = market cap ÷ (BTC held × BTC price); premium = mNAV − 1',
  evMNav: 'EV mNAV = (market cap + total debt + preferred − cash) ÷ (BTC held × BTC price)',
  dilutedMNav: 'diluted mNAV = share price × diluted shares ÷ (BTC held × BTC price)',
  marketCap: 'market cap = the figure a dated source states for the day, else close × latest basic shares on or before the day',
  btcPer1000Shares: 'BTC per 1,000 shares = BTC held ÷ basic shares × 1,000',
  btcYield: 'BTC yield = (BTC per share at the end ÷ BTC per share at the start − 1) × 100, per diluted share when both ends have a diluted count',
  shareVolatility: 'volatility = sample σ of daily log returns over 30 days × √252',
  leverage: 'leverage = total debt ÷ (BTC held × BTC price)',
} as const;
