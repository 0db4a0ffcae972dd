// USD as the payment screens and the affiliate page show it; safe to import from client components.

/** Whole dollars without cents ($49, $8,991), otherwise two decimals ($529.20). */
export function formatUsd(amount: number): string {
  const hasCents = Math.round(amount * 100) % 100 !== 0;
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: hasCents ? 2 : 0, maximumFractionDigits: 2 })}`;
}
