import Stripe from 'stripe';
import type { Db } from '@/lib/db';
import type { PaymentsConfig } from './config';
import { PaymentProblem } from './http';
import type { Plan } from './plans';

// The Stripe SDK, pointed at STRIPE_API_BASE_URL when set (tests run a local server that speaks
// Stripe's REST wire format).

export function stripeClient(config: PaymentsConfig): Stripe {
  const key = config.stripe.secretKey;
  if (!key) throw new PaymentProblem(503, 'Stripe is not configured');
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 1, timeout: config.timeoutMs };
  if (config.stripe.apiBaseUrl) {
    const url = new URL(config.stripe.apiBaseUrl);
    options.host = url.hostname;
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.port = url.port || (url.protocol === 'http:' ? 80 : 443);
  }
  return new Stripe(key, options);
}

/** Turns a Stripe failure into a 4xx answer with Stripe's own message, or a 502 when Stripe failed. */
export async function callStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw new PaymentProblem(402, error.message);
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      if (error.code === 'resource_missing') throw new PaymentProblem(404, 'Payment not found');
      throw new PaymentProblem(400, error.message);
    }
    if (error instanceof Stripe.errors.StripeError) throw new PaymentProblem(502, 'The payment provider could not be reached. Please try again.');
    throw error;
  }
}

/** The customer for a user, created once and remembered on the user. */
export async function customerFor(db: Db, stripe: Stripe, user: { id: string; email: string; firstName: string; lastName: string; stripeCustomerId?: string | null }) {
  const stored = user.stripeCustomerId ?? (await db.user.findUnique({ where: { id: user.id }, select: { stripeCustomerId: true } }))?.stripeCustomerId;
  if (stored) return stored;
  const customer = await stripe.customers.create(
    { email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), metadata: { userId: user.id } },
    { idempotencyKey: `customer-${user.id}` },
  );
  await db.user.update({ where: { id: user.id }, data: { stripeCustomerId: customer.id } });
  return customer.id;
}

const productIdOf = (plan: Plan) => `treasury_plan_${plan.id}`;
export const planIdOfProduct = (productId: string) => (productId.startsWith('treasury_plan_') ? productId.slice('treasury_plan_'.length) : undefined);

/** One Stripe product per plan, with a fixed id so it is created once per account. */
export async function ensureProduct(stripe: Stripe, plan: Plan) {
  const id = productIdOf(plan);
  try {
    await stripe.products.create({ id, name: `${plan.name} plan`, metadata: { planId: plan.id } });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError && error.code === 'resource_already_exists')) throw error;
  }
  return id;
}

/** `pi_123_secret_456` → `pi_123`. */
export const intentIdOfSecret = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

export { Stripe };
