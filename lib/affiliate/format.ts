// Display formats for the /affiliate page; safe to import from client components.

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** A plan price: $99, or $99.50 when it has cents. */
export function formatPrice(cents: number): string {
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : dollars.format(cents / 100);
}

/** An amount in dollars, always with cents: $49.50. */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

export function formatPercent(value: number): string {
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}
