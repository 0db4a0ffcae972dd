import type { z } from 'zod';
import { readJson } from '@/lib/http/route';
import { enforceLimit } from '@/lib/rate-limit/limiter';
import type { BillingInterval, Plan } from './plans';
import { priceFor, resolvePlan } from './pricing';

// The one way a card, PayPal or Square payment for a plan begins. Every provider's route reads the
// same fields and takes the same steps before it hands the order to that provider: the plan named
// in the body, the server's price for it (a client amount more than a cent off is refused), then
// the checkout rate limit. The providers' own modules (checkout.ts for Stripe and demo mode,
// paypal.ts, square.ts) receive the finished order.

export interface Payer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** Who pays, for which plan and interval, and the server's price in cents. */
export interface PlanOrder {
  payer: Payer;
  plan: Plan;
  interval: BillingInterval;
  amountCents: number;
}

interface PlanOrderFields {
  amount: number;
  interval: BillingInterval;
}

/**
 * Reads a plan payment request of the signed-in `payer`. `planOf` names the body's plan field (the
 * plans page sends `planId`, the billing page `planType`). Returns the order and the parsed body,
 * for the fields only one provider reads (Square's card token).
 */
export async function readPlanOrder<Body extends PlanOrderFields>(
  request: Request,
  payer: Payer,
  schema: z.ZodType<Body>,
  planOf: (body: Body) => string,
): Promise<{ order: PlanOrder; body: Body }> {
  const body = await readJson(request, schema);
  const plan = resolvePlan(planOf(body));
  const amountCents = priceFor(plan, body.interval, body.amount);
  await enforceLimit('checkout', payer.id, 'Too many checkout attempts. Please try again later.');
  return { order: { payer, plan, interval: body.interval, amountCents }, body };
}
