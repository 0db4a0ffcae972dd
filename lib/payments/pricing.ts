import { badRequest } from './http';
import { planFromAnyName, priceCents, type BillingInterval, type Plan } from './plans';

// Every payment route prices from the plan table; what the client sends is only cross-checked.

export function resolvePlan(planIdOrType: string): Plan {
  const plan = planFromAnyName(planIdOrType);
  if (!plan) throw badRequest(`Unknown plan: ${planIdOrType}`);
  return plan;
}

/** The server's price in cents; a client amount in USD that differs by more than a cent is refused. */
export function priceFor(plan: Plan, interval: BillingInterval, clientAmountUsd?: number): number {
  const cents = priceCents(plan, interval);
  if (clientAmountUsd !== undefined && Math.abs(Math.round(clientAmountUsd * 100) - cents) > 1) {
    throw badRequest(`Amount does not match the ${plan.name} plan price of $${decimalUsd(cents)} per ${interval}`);
  }
  return cents;
}

/** Cents as the decimal amount providers' APIs take and our messages quote: 4900 → "49.00". */
export const decimalUsd = (cents: number) => (cents / 100).toFixed(2);

/** End of one paid period that starts at `from`. */
export function periodEnd(from: Date, interval: BillingInterval | string): Date {
  const months = interval === 'year' ? 12 : 1;
  const end = new Date(from);
  // Jan 31 + 1 month is the last day of February, not March 3 (as Stripe bills month ends).
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return end;
}
