import { z } from 'zod';
import { billingIntervals, planFromAnyName, priceCents, type BillingInterval, type Plan } from './plans';
import { badRequest } from './http';
import { requiredText } from '@/lib/validation/fields';

// Every payment route prices from the plan table; what the client sends is only cross-checked.

const intervalMessage = 'interval must be month or year';
/** The billing interval a payment call names; month when left out. */
export const intervalSchema = z.enum(billingIntervals, { error: intervalMessage }).optional().default('month');
export const requiredIntervalSchema = z.enum(billingIntervals, { error: intervalMessage });

/** A plan id or plan type field (`planId`, `planType`): absent, wrong-typed or blank reads `<name> is required`. */
export const planFieldSchema = (name: string) => requiredText(`${name} is required`).max(40, `${name} is at most 40 characters`);

export function resolvePlan(planIdOrType: string): Plan {
  const plan = planFromAnyName(planIdOrType);
  if (!plan) throw badRequest(`Unknown plan: ${planIdOrType}`);
  return plan;
}

/** The server's price in cents; a client amount in USD that differs by more than a cent is refused. */
export function priceFor(plan: Plan, interval: BillingInterval, clientAmountUsd?: number): number {
  const cents = priceCents(plan, interval);
  if (clientAmountUsd !== undefined && Math.abs(Math.round(clientAmountUsd * 100) - cents) > 1) {
    throw badRequest(`Amount does not match the ${plan.name} plan price of $${formatUsd(cents)} per ${interval}`);
  }
  return cents;
}

export const formatUsd = (cents: number) => (cents / 100).toFixed(2);

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

const amountMessage = 'Amount must be a number';
export const amountSchema = z.coerce
  .number({ error: amountMessage })
  .refine(Number.isFinite, amountMessage)
  .positive('Amount must be positive')
  .max(1_000_000, 'Amount must be at most 1,000,000');
