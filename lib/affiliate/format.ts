// Display formats for the /affiliate page; safe to import from client components.

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount in dollars, always with cents: $49.50. */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

export function formatPercent(value: number): string {
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}
