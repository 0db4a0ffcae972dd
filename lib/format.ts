// Display formats of spec 001 §9, shared by every screen so a figure reads the same everywhere.
// Safe to import from client components.

import { enUsDay, enUsDollarsWithCents, enUsNumber } from './en-us';

/** Money: B above 1e9, M above 1e6, otherwise whole dollars with separators. */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  if (size > 1e9) return `${sign}$${(size / 1e9).toFixed(1)}B`;
  if (size > 1e6) return `${sign}$${(size / 1e6).toFixed(1)}M`;
  return `${sign}$${enUsNumber(Math.round(size))}`;
}

/** USD for prices and payments: whole dollars without cents ($49, $8,991), otherwise two decimals ($529.20). */
export function formatUsd(amount: number): string {
  const hasCents = Math.round(amount * 100) % 100 !== 0;
  return `$${enUsNumber(amount, 2, hasCents ? 2 : 0)}`;
}

/** A price in dollars with up to two decimals: $1,234.57, $0.5. */
export function formatPrice(value: number): string {
  return `$${enUsNumber(value, 2)}`;
}

/** USD always with cents: $49.50, $1,200.00. */
export function formatUsdWithCents(amount: number): string {
  return enUsDollarsWithCents(amount);
}

/** Relative time: Just now, then minutes, hours, days ("5m ago", "3h ago", "2d ago"). */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const at = typeof value === 'string' ? new Date(value) : value;
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (Number.isNaN(minutes) || minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

export type RiskLevel = 'high' | 'medium' | 'low';

/** Risk colours: 8.5 or above is high, 7 or above medium, otherwise low. */
export function riskLevel(score: number): RiskLevel {
  if (score >= 8.5) return 'high';
  if (score >= 7) return 'medium';
  return 'low';
}

const riskTextClass: Record<RiskLevel, string> = {
  high: 'text-red-600 dark:text-red-400',
  medium: 'text-amber-700 dark:text-amber-400',
  low: 'text-emerald-700 dark:text-emerald-400',
};

export function riskColorClass(score: number): string {
  return riskTextClass[riskLevel(score)];
}

/** Sector colours (Technology, Mining, Financial, Healthcare, Other), as hex for charts. */
const sectorColors: Record<string, string> = {
  Technology: '#3b82f6',
  Mining: '#f59e0b',
  Financial: '#10b981',
  Healthcare: '#ec4899',
  Other: '#8b5cf6',
};

export function sectorColor(sector: string | null | undefined): string {
  return sectorColors[sector ?? 'Other'] ?? sectorColors.Other!;
}

/** Optimal allocation guidance: share of treasury in bitcoin by sector. */
export const allocationGuidance: Record<string, { min: number; max: number; label: string }> = {
  Technology: { min: 2, max: 5, label: '2-5%' },
  Mining: { min: 10, max: 20, label: '10-20%' },
  Financial: { min: 1, max: 3, label: '1-3%' },
};

export function formatBtc(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : `${enUsNumber(value, 2)} BTC`;
}

export function formatPercent(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : `${value.toFixed(digits)}%`;
}

/** A rate with at most one decimal and no trailing zero: "12.5%", "20%". */
export function formatRate(value: number): string {
  return `${enUsNumber(value, 1)}%`;
}

/** A multiple with two decimals: "1.25×". */
export const formatMultiple = (value: number) => `${value.toFixed(2)}×`;

/** "Jul 10, 2026" from YYYY-MM-DD or an ISO timestamp. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? '—' : enUsDay(new Date(time));
}

/** Made on first use: creating an Intl object starts ICU in the browser (see lib/en-us.ts). */
let compactNumber: Intl.NumberFormat | undefined;
const compact = (value: number) => (compactNumber ??= new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 })).format(value);

/** A market metric's input by its name: a price in dollars, a cap, debt or cash compact, holdings in BTC. */
export function formatInputValue(name: string, value: number): string {
  if (/price/i.test(name)) return formatPrice(value);
  if (/cap|debt|cash|preferred/i.test(name)) return `$${compact(value)}`;
  if (/BTC held|holdings/i.test(name)) return `${enUsNumber(value, 2)} BTC`;
  return compact(value);
}

/** A percent move, signed with one decimal ("+2.4%", "-1.2%", "0.0%"); "—" when unknown. */
export function formatChange(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  const rounded = Math.round(value * 10) / 10;
  return `${rounded > 0 ? '+' : rounded < 0 ? '-' : ''}${Math.abs(rounded).toFixed(1)}%`;
}

/** A percent with its sign and fixed decimals, for a signal's price moves ("+3.5%", "-2.0%"); "n/a" when unknown. */
export function formatSignedPercent(value: number | null, digits = 1): string {
  if (value === null) return 'n/a';
  return `${value >= 0 ? '+' : ''}${value.toFixed(digits)}%`;
}
