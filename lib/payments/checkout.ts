import crypto from 'node:crypto';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { activateSubscription, appliedSubscriptionOf, recordConfirmedPayment } from './activation';
import { readPaymentsConfig } from './config';
import { notFound, PaymentProblem } from './http';
import type { Payer, PlanOrder } from './plan-order';
import type { BillingInterval, Plan } from './plans';
import { periodEnd } from './pricing';
import { publicSubscription } from './schema';
import { callStripe, customerFor, ensureProduct, intentIdOfSecret, stripeClient } from './stripe';
import { applyPaidInvoice, applySucceededIntent } from './stripe-payments';

// Card checkouts: the plans page's subscription, the billing page's one-off upgrade payment and the
// /stripe-test payment. Live with a Stripe key; DEMO MODE (simulated, labelled) without one.

const random = () => crypto.randomBytes(12).toString('hex');

function requireEnabled() {
  const config = readPaymentsConfig();
  if (config.disabled) throw new PaymentProblem(503, 'Card payments are not configured');
  return config;
}

export async function createSubscription(db: Db, { payer: user, plan, interval, amountCents }: PlanOrder) {
  const config = requireEnabled();
  // The current plan cannot be subscribed to again (spec 001 §6): no second renewing charge for it.
  const current = await db.subscription.findFirst({
    where: { userId: user.id, planId: plan.id, provider: { in: ['stripe', 'demo'] }, status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: { gt: new Date() } },
  });
  if (current) throw new AppError('conflict', `You are already subscribed to the ${plan.name} plan.`);
  if (config.demoMode) {
    const subscription = await db.subscription.create({
      data: { userId: user.id, planId: plan.id, interval, provider: 'demo', status: 'incomplete', amountCents },
    });
    return { clientSecret: `demo_${random()}`, subscriptionId: subscription.id };
  }
  const stripe = stripeClient(config);
  return callStripe(async () => {
    const customer = await customerFor(db, stripe, user);
    const product = await ensureProduct(stripe, plan);
    const created = await stripe.subscriptions.create({
      customer,
      items: [{ price_data: { currency: 'usd', product, unit_amount: amountCents, recurring: { interval } } }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { userId: user.id, planId: plan.id, interval },
      expand: ['latest_invoice.confirmation_secret'],
    });
    const invoice = typeof created.latest_invoice === 'object' ? created.latest_invoice : null;
    const clientSecret = invoice?.confirmation_secret?.client_secret;
    if (!invoice?.id || !clientSecret) throw new PaymentProblem(502, 'The payment provider did not return a payment to confirm. Please try again.');
    const subscription = await db.subscription.create({
      data: {
        userId: user.id,
        planId: plan.id,
        interval,
        provider: 'stripe',
        providerSubscriptionId: created.id,
        providerCustomerId: customer,
        status: 'incomplete',
        amountCents,
        lastEventAt: new Date(created.created * 1000),
      },
    });
    await db.payment.create({
      data: { userId: user.id, provider: 'stripe', providerRef: invoice.id, purpose: 'subscription', planId: plan.id, interval, amountCents, status: 'pending' },
    });
    return { clientSecret, subscriptionId: subscription.id };
  });
}

/** DEMO MODE only: the checkout page's simulated payment activates the caller's own demo subscription. */
export async function confirmDemoSubscription(db: Db, userId: string, subscriptionId: string) {
  if (!readPaymentsConfig().demoMode) throw notFound('Not found');
  const subscription = await db.subscription.findFirst({ where: { id: subscriptionId, userId, provider: 'demo' } });
  if (!subscription) throw notFound('Subscription not found');
  if (subscription.status !== 'incomplete') return subscription;
  const claimed = await db.subscription.updateMany({ where: { id: subscription.id, status: 'incomplete' }, data: { status: 'active' } });
  if (claimed.count === 0) return db.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
  await recordConfirmedPayment(db, {
    userId,
    provider: 'demo',
    providerRef: `demo_sub_${subscription.id}`,
    purpose: 'subscription',
    planId: subscription.planId,
    interval: subscription.interval,
    amountCents: subscription.amountCents,
  });
  // A demo subscription does not renew: it runs for the one simulated period.
  return activateSubscription(db, subscription.id, periodEnd(new Date(), subscription.interval));
}

/** A one-off card payment for a plan (billing page) or the 29 USD test payment (/stripe-test). */
export async function createPaymentIntent(db: Db, user: Payer, purpose: 'upgrade' | 'test', amountCents: number, plan?: Plan, interval: BillingInterval = 'month') {
  const config = requireEnabled();
  if (config.demoMode) {
    const providerRef = `demo_pi_${random()}`;
    await db.payment.create({
      data: { userId: user.id, provider: 'demo', providerRef, purpose, planId: plan?.id ?? null, interval: plan ? interval : null, amountCents, status: 'pending' },
    });
    return { clientSecret: `${providerRef}_secret_${random()}` };
  }
  const stripe = stripeClient(config);
  return callStripe(async () => {
    const customer = await customerFor(db, stripe, user);
    const intent = await stripe.paymentIntents.create({
      amount: amountCents,
      currency: 'usd',
      customer,
      automatic_payment_methods: { enabled: true },
      description: plan ? `${plan.name} plan (${interval})` : 'Test payment',
      metadata: { userId: user.id, purpose, ...(plan ? { planId: plan.id, interval } : {}) },
    });
    if (!intent.client_secret) throw new PaymentProblem(502, 'The payment provider did not return a payment to confirm. Please try again.');
    await db.payment.create({
      data: { userId: user.id, provider: 'stripe', providerRef: intent.id, purpose, planId: plan?.id ?? null, interval: plan ? interval : null, amountCents, status: 'pending' },
    });
    return { clientSecret: intent.client_secret };
  });
}

/** /payment-success and the billing page: ask Stripe what became of a payment. */
export async function confirmStripePayment(db: Db, user: Payer, paymentIntentId: string) {
  const config = readPaymentsConfig();
  if (config.demoMode) {
    const payment = await db.payment.findFirst({ where: { provider: 'demo', providerRef: intentIdOfSecret(paymentIntentId), userId: user.id } });
    if (!payment) throw notFound();
    return { status: payment.status === 'pending' ? 'requires_payment_method' : payment.status };
  }
  const stripe = stripeClient(config);
  const intent = await callStripe(() => stripe.paymentIntents.retrieve(intentIdOfSecret(paymentIntentId)));
  if (intent.metadata?.userId) {
    if (intent.metadata.userId !== user.id) throw notFound();
    const payment = intent.status === 'succeeded' ? await applySucceededIntent(db, intent) : null;
    const subscription = payment ? await appliedSubscriptionOf(db, payment) : null;
    return { status: intent.status, ...(subscription ? { subscription: publicSubscription(subscription) } : {}) };
  }
  // An invoice's intent carries no metadata of ours, only the customer: it must be the caller's.
  const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
  const own = await db.user.findUnique({ where: { id: user.id }, select: { stripeCustomerId: true } });
  if (!customer || customer !== own?.stripeCustomerId) throw notFound();
  // Stripe marks a subscription active only once its first invoice is paid: ask it about the
  // caller's waiting subscriptions.
  const waiting = await db.subscription.findMany({ where: { userId: user.id, provider: 'stripe', status: 'incomplete' }, orderBy: { createdAt: 'desc' }, take: 3 });
  let activated = null;
  for (const row of waiting) {
    const remote = await callStripe(() => stripe.subscriptions.retrieve(row.providerSubscriptionId!, { expand: ['latest_invoice'] }));
    const invoice = typeof remote.latest_invoice === 'object' ? remote.latest_invoice : null;
    if ((remote.status === 'active' || remote.status === 'trialing') && invoice?.status === 'paid') {
      const paidAt = invoice.status_transitions?.paid_at;
      activated = await applyPaidInvoice(db, invoice, paidAt ? new Date(paidAt * 1000) : new Date(), remote);
    }
  }
  if (!activated && waiting.length === 0) {
    const active = await db.subscription.findFirst({ where: { userId: user.id, provider: 'stripe', status: 'active' }, orderBy: { updatedAt: 'desc' } });
    if (!active) throw notFound();
    activated = active;
  }
  return { status: intent.status, ...(activated ? { subscription: publicSubscription(activated) } : {}) };
}
