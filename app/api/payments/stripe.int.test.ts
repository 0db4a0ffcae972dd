import { db } from '@/lib/db';
import { resetDatabase } from '@/test/support/database';
import { call, CookieJar } from '@/test/support/http';
import { startFakeStripe, signedStripeEvent, type FakeStripe } from '@/test/support/payments/fake-stripe';
import { payers, userRow } from '@/test/support/payments/users';
import { GET as visitLink } from '../../r/[code]/route';
import { POST as createLink } from '../affiliate/links/route';
import { POST as register } from '../auth/register/route';
import { POST as verifyBeta } from '../beta/verify/route';
import { POST as createSubscription } from '../create-subscription/route';
import { POST as upgrade } from '../subscription/upgrade/route';
import { POST as webhook } from '../webhooks/stripe/route';
import { GET as config } from './config/route';
import { POST as demoConfirm } from './demo/confirm/route';
import { POST as confirmIntent } from './stripe/confirm/route';
import { POST as createIntent } from './stripe/create-payment-intent/route';
import { POST as testPayment } from './test-payment/route';

const { payer, referredPayer } = payers({ register, verifyBeta, createLink, visitLink });

// Registration hashes passwords: generous per-test time on a shared machine.
jest.setTimeout(30_000);

// Stripe in live mode against a local server that speaks Stripe's REST format: subscriptions,
// one-off plan payments, the test payment, and signed webhook events (valid, forged, replayed,
// out of order). No path grants a plan without Stripe's word that the money arrived.

const webhookSecret = 'whsec_test_secret_for_payments';
let stripe: FakeStripe;
const saved = { ...process.env };

beforeAll(async () => {
  await resetDatabase();
  stripe = await startFakeStripe('sk_test_fake');
  Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE_URL: stripe.url });
});

afterAll(async () => {
  process.env = saved;
  await stripe.close();
});

const post = (event: ReturnType<typeof signedStripeEvent>) =>
  call(webhook, '/api/webhooks/stripe', { rawBody: event.payload, headers: { 'stripe-signature': event.signature, 'content-type': 'application/json' } });

async function subscribe(jar: CookieJar, planId = 'professional', interval: 'month' | 'year' = 'month', amount = 199) {
  const response = await call(createSubscription, '/api/create-subscription', { jar, body: { planId, interval, amount } });
  expect(response.status).toBe(200);
  const row = await db.subscription.findUniqueOrThrow({ where: { id: response.json.subscriptionId } });
  return { ...response.json, row } as { clientSecret: string; subscriptionId: string; row: typeof row };
}

/** A payer whose new subscription's first invoice Stripe reports paid at `paidAt` (seconds). */
async function paidSubscriber(paidAt: number) {
  const user = await payer();
  const { row } = await subscribe(user.jar);
  const subscriptionId = row.providerSubscriptionId!;
  await post(signedStripeEvent('invoice.paid', stripe.payLatestInvoice(subscriptionId), webhookSecret, { created: paidAt }));
  return { user, row, subscriptionId };
}

describe('live mode configuration', () => {
  it('tells the browser it is live and which publishable key to use', async () => {
    const response = await call(config, '/api/payments/config');
    expect(response.json).toMatchObject({ mode: 'live', stripePublishableKey: 'pk_test_fake', paypalClientId: null, squareApplicationId: null, cryptoEnabled: false });
  });

  it('refuses the demo confirmation (404)', async () => {
    const { jar } = await payer();
    expect((await call(demoConfirm, '/api/payments/demo/confirm', { jar, body: { subscriptionId: 'x' } })).status).toBe(404);
  });
});

describe('subscription checkout', () => {
  it('creates a Stripe customer and an incomplete subscription priced by the server, and answers the invoice client secret', async () => {
    const user = await payer();
    const { clientSecret, row } = await subscribe(user.jar, 'professional', 'year', 1910.4);
    expect(clientSecret).toMatch(/^pi_[0-9a-f]+_secret_/);
    expect(row).toMatchObject({ userId: user.id, planId: 'professional', interval: 'year', provider: 'stripe', status: 'incomplete', amountCents: 191040 });
    const remote = stripe.subscriptions.get(row.providerSubscriptionId!)!;
    expect(remote.items.data[0]!.price).toMatchObject({ unit_amount: 191040, currency: 'usd', recurring: { interval: 'year' }, product: 'treasury_plan_professional' });
    const stored = await userRow(user.id);
    expect(stored.stripeCustomerId).toBe(remote.customer);
    expect(stripe.customers.get(remote.customer)!.email).toBe(user.email);
    // Nothing is granted until Stripe says the invoice is paid.
    expect(stored.subscriptionStatus).toBe('inactive');

    // A second checkout reuses the customer.
    await subscribe(user.jar, 'starter', 'month', 49);
    expect([...stripe.customers.values()].filter((customer) => customer.email === user.email)).toHaveLength(1);
  });

  it('refuses an amount that does not match the plan price (400) and unknown plans, and creates nothing', async () => {
    const user = await payer();
    for (const body of [
      { planId: 'professional', interval: 'month', amount: 1 },
      { planId: 'professional', interval: 'year', amount: 199 },
      { planId: 'platinum', interval: 'month', amount: 199 },
      { planId: 'professional', interval: 'week', amount: 199 },
      { planId: 'professional', interval: 'month' },
    ]) {
      const response = await call(createSubscription, '/api/create-subscription', { jar: user.jar, body });
      expect(response.status).toBe(400);
      expect(typeof response.json.message).toBe('string');
    }
    expect(await db.subscription.count({ where: { userId: user.id } })).toBe(0);
  });

  it('activates on a signed invoice.paid webhook, and a replay of the same event changes nothing', async () => {
    const user = await payer();
    const { row } = await subscribe(user.jar);
    const invoice = stripe.payLatestInvoice(row.providerSubscriptionId!);
    const event = signedStripeEvent('invoice.paid', invoice, webhookSecret);

    const first = await post(event);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ received: true, duplicate: false, outcome: 'applied' });
    const activeUser = await userRow(user.id);
    expect(activeUser).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'professional', subscriptionEndsAt: null });
    const active = await db.subscription.findUniqueOrThrow({ where: { id: row.id } });
    expect(active.status).toBe('active');
    expect(active.currentPeriodEnd!.getTime()).toBe(invoice.lines.data[0]!.period.end * 1000);
    const payment = await db.payment.findUniqueOrThrow({ where: { provider_providerRef: { provider: 'stripe', providerRef: invoice.id } } });
    expect(payment).toMatchObject({ status: 'succeeded', amountCents: 19900, purpose: 'subscription', userId: user.id });

    // Stripe also sends invoice.payment_succeeded for the same invoice, and may redeliver events.
    const replay = await post(event);
    expect(replay.json).toMatchObject({ received: true, duplicate: true });
    await post(signedStripeEvent('invoice.payment_succeeded', invoice, webhookSecret));
    expect(await db.payment.count({ where: { userId: user.id, status: 'succeeded' } })).toBe(1);
    expect(await db.webhookEvent.count({ where: { eventId: event.event.id } })).toBe(1);
  });

  it('a renewal invoice extends the period and records a second payment', async () => {
    const user = await payer();
    const { row } = await subscribe(user.jar);
    await post(signedStripeEvent('invoice.paid', stripe.payLatestInvoice(row.providerSubscriptionId!), webhookSecret));
    const firstEnd = (await db.subscription.findUniqueOrThrow({ where: { id: row.id } })).currentPeriodEnd!;
    const renewal = stripe.renew(row.providerSubscriptionId!);
    await post(signedStripeEvent('invoice.paid', renewal, webhookSecret));
    const renewed = await db.subscription.findUniqueOrThrow({ where: { id: row.id } });
    expect(renewed.currentPeriodEnd!.getTime()).toBe(renewal.lines.data[0]!.period.end * 1000);
    expect(renewed.currentPeriodEnd!.getTime()).toBeGreaterThan(firstEnd.getTime());
    expect(await db.payment.count({ where: { userId: user.id, status: 'succeeded' } })).toBe(2);
  });

  it('refuses a forged or missing signature (400) and changes nothing', async () => {
    const user = await payer();
    const { row } = await subscribe(user.jar);
    const invoice = stripe.payLatestInvoice(row.providerSubscriptionId!);
    const forged = signedStripeEvent('invoice.paid', invoice, webhookSecret, { signWith: 'whsec_attacker' });
    const response = await post(forged);
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('Invalid webhook signature');
    const unsigned = await call(webhook, '/api/webhooks/stripe', { rawBody: forged.payload });
    expect(unsigned.status).toBe(400);
    // A valid signature over a different body: the payload was altered in transit.
    const genuine = signedStripeEvent('invoice.paid', { ...invoice, amount_paid: 1 }, webhookSecret);
    const tampered = await call(webhook, '/api/webhooks/stripe', { rawBody: forged.payload, headers: { 'stripe-signature': genuine.signature } });
    expect(tampered.status).toBe(400);

    expect((await userRow(user.id)).subscriptionStatus).toBe('inactive');
    expect((await db.subscription.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('incomplete');
    expect(await db.webhookEvent.count({ where: { eventId: forged.event.id } })).toBe(0);
  });

  it('an older customer.subscription.updated arriving after a newer one changes nothing', async () => {
    const paidAt = Math.floor(Date.now() / 1000);
    const { user, row, subscriptionId } = await paidSubscriber(paidAt);

    const newer = signedStripeEvent('customer.subscription.updated', stripe.subscriptionObject(subscriptionId, { status: 'active', cancel_at_period_end: true }), webhookSecret, { created: paidAt + 20 });
    const older = signedStripeEvent('customer.subscription.updated', stripe.subscriptionObject(subscriptionId, { status: 'past_due', cancel_at_period_end: false }), webhookSecret, { created: paidAt + 10 });
    expect((await post(newer)).json.outcome).toBe('applied');
    expect((await post(older)).json.outcome).toBe('ignored');

    const stored = await db.subscription.findUniqueOrThrow({ where: { id: row.id } });
    expect(stored).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(stored.lastEventAt!.getTime()).toBe((paidAt + 20) * 1000);
    const stillActive = await userRow(user.id);
    expect(stillActive.subscriptionStatus).toBe('active');
    // Cancelling at period end: access runs to the paid period's end.
    expect(stillActive.subscriptionEndsAt!.getTime()).toBe(stored.currentPeriodEnd!.getTime());
  });

  it('a plan change arrives as customer.subscription.updated; deletion deactivates the user', async () => {
    const at = Math.floor(Date.now() / 1000);
    const { user, row, subscriptionId } = await paidSubscriber(at);
    const changed = stripe.subscriptionObject(subscriptionId, { status: 'active' });
    changed.items!.data[0]!.price.product = 'treasury_plan_enterprise';
    changed.items!.data[0]!.price.unit_amount = 99900;
    await post(signedStripeEvent('customer.subscription.updated', changed, webhookSecret, { created: at + 5 }));
    expect(await userRow(user.id)).toMatchObject({ subscriptionTier: 'enterprise', subscriptionStatus: 'active' });
    expect(await db.subscription.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ planId: 'enterprise', amountCents: 99900 });

    await post(signedStripeEvent('customer.subscription.deleted', stripe.subscriptionObject(subscriptionId, { status: 'canceled' }), webhookSecret, { created: at + 30 }));
    expect((await db.subscription.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('canceled');
    expect((await userRow(user.id)).subscriptionStatus).toBe('inactive');
    // A late invoice event from before the cancellation does not bring it back.
    await post(signedStripeEvent('invoice.paid', stripe.invoices.get(stripe.subscriptions.get(subscriptionId)!.latest_invoice!), webhookSecret, { created: at + 1, id: 'evt_late_invoice' }));
    expect((await db.subscription.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('canceled');
    expect((await userRow(user.id)).subscriptionStatus).toBe('inactive');
  });

  it('/payment-success: the server asks Stripe about the caller\'s waiting subscription and activates it once paid', async () => {
    const user = await payer();
    const { clientSecret, row } = await subscribe(user.jar);
    const intentId = clientSecret.split('_secret_')[0]!;
    const before = await call(confirmIntent, '/api/payments/stripe/confirm', { jar: user.jar, body: { paymentIntentId: intentId } });
    expect(before.status).toBe(200);
    expect(before.json.status).toBe('requires_payment_method');
    expect((await userRow(user.id)).subscriptionStatus).toBe('inactive');

    stripe.payLatestInvoice(row.providerSubscriptionId!);
    const after = await call(confirmIntent, '/api/payments/stripe/confirm', { jar: user.jar, body: { paymentIntentId: intentId } });
    expect(after.json).toMatchObject({ status: 'succeeded', subscription: { id: row.id, status: 'active', planId: 'professional' } });
    expect((await userRow(user.id)).subscriptionStatus).toBe('active');
  });
});

describe('one-off plan payment and upgrade (billing page)', () => {
  it('refuses the upgrade without a confirmed payment (402) and grants nothing', async () => {
    const user = await payer();
    const none = await call(upgrade, '/api/subscription/upgrade', { jar: user.jar, body: { planId: 'professional', paymentMethod: 'stripe' } });
    expect(none.status).toBe(402);
    expect(none.json.message).toMatch(/No confirmed payment/);

    // A created but unpaid intent is not a payment either.
    expect((await call(createIntent, '/api/payments/stripe/create-payment-intent', { jar: user.jar, body: { amount: 199, planType: 'Professional' } })).status).toBe(200);
    const unpaid = await call(upgrade, '/api/subscription/upgrade', { jar: user.jar, body: { planId: 'professional', paymentMethod: 'stripe' } });
    expect(unpaid.status).toBe(402);
    expect(unpaid.json.message).toMatch(/not been confirmed/);
    expect(await userRow(user.id)).toMatchObject({ subscriptionStatus: 'inactive', subscriptionTier: null });
  });

  it('a payment intent paid at Stripe lets the upgrade through once; its webhook replay grants nothing more', async () => {
    const user = await payer();
    const created = await call(createIntent, '/api/payments/stripe/create-payment-intent', { jar: user.jar, body: { amount: 49, planType: 'Basic' } });
    expect(created.status).toBe(200);
    const intentId = created.json.clientSecret.split('_secret_')[0];
    expect(stripe.intents.get(intentId)).toMatchObject({ amount: 4900, currency: 'usd', metadata: { userId: user.id, planId: 'starter', interval: 'month', purpose: 'upgrade' } });

    const paid = stripe.succeedIntent(intentId);
    const upgraded = await call(upgrade, '/api/subscription/upgrade', { jar: user.jar, body: { planId: 'starter', paymentMethod: 'stripe' } });
    expect(upgraded.status).toBe(200);
    expect(upgraded.json.message).toBe('Subscription upgraded to Basic');
    const afterUpgrade = await userRow(user.id);
    expect(afterUpgrade).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'starter' });
    const endsAt = afterUpgrade.subscriptionEndsAt!;
    expect(endsAt.getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);

    await post(signedStripeEvent('payment_intent.succeeded', paid, webhookSecret));
    expect((await call(upgrade, '/api/subscription/upgrade', { jar: user.jar, body: { planId: 'starter' } })).status).toBe(200);
    expect((await userRow(user.id)).subscriptionEndsAt!.getTime()).toBe(endsAt.getTime());
    expect(await db.subscription.count({ where: { userId: user.id } })).toBe(1);
    // A different plan still needs its own payment.
    expect((await call(upgrade, '/api/subscription/upgrade', { jar: user.jar, body: { planId: 'enterprise' } })).status).toBe(402);
  });

  it('payment_intent.succeeded alone activates an upgrade payment; /stripe/confirm reports it', async () => {
    const user = await payer();
    const created = await call(createIntent, '/api/payments/stripe/create-payment-intent', { jar: user.jar, body: { amount: 999, planType: 'enterprise' } });
    const intentId = created.json.clientSecret.split('_secret_')[0];
    await post(signedStripeEvent('payment_intent.succeeded', stripe.succeedIntent(intentId), webhookSecret));
    expect(await userRow(user.id)).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'enterprise' });
    const confirmed = await call(confirmIntent, '/api/payments/stripe/confirm', { jar: user.jar, body: { paymentIntentId: intentId } });
    expect(confirmed.json).toMatchObject({ status: 'succeeded', subscription: { planId: 'enterprise', status: 'active' } });
  });

  it('a subscriber who pays for a higher tier keeps it through the subscription\'s next renewal', async () => {
    const user = await payer();
    const { row } = await subscribe(user.jar, 'starter', 'month', 49);
    await post(signedStripeEvent('invoice.paid', stripe.payLatestInvoice(row.providerSubscriptionId!), webhookSecret));
    expect(await userRow(user.id)).toMatchObject({ subscriptionTier: 'starter', subscriptionEndsAt: null });

    const created = await call(createIntent, '/api/payments/stripe/create-payment-intent', { jar: user.jar, body: { amount: 199, planType: 'Professional' } });
    stripe.succeedIntent(created.json.clientSecret.split('_secret_')[0]);
    expect((await call(upgrade, '/api/subscription/upgrade', { jar: user.jar, body: { planId: 'professional', paymentMethod: 'stripe' } })).status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'professional', subscriptionEndsAt: null });

    await post(signedStripeEvent('invoice.paid', stripe.renew(row.providerSubscriptionId!), webhookSecret));
    expect(await userRow(user.id)).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'professional', subscriptionEndsAt: null });
  });

  it('refuses a mismatched amount and unknown plan types (400)', async () => {
    const user = await payer();
    expect((await call(createIntent, '/api/payments/stripe/create-payment-intent', { jar: user.jar, body: { amount: 19, planType: 'Professional' } })).status).toBe(400);
    expect((await call(createIntent, '/api/payments/stripe/create-payment-intent', { jar: user.jar, body: { amount: 199, planType: 'Gold' } })).status).toBe(400);
    expect((await call(createIntent, '/api/payments/stripe/create-payment-intent', { jar: user.jar, body: { amount: 'abc', planType: 'Professional' } })).status).toBe(400);
  });

  it("another user's payment intent is not found (404) and grants nothing", async () => {
    const owner = await payer();
    const other = await payer();
    const created = await call(createIntent, '/api/payments/stripe/create-payment-intent', { jar: owner.jar, body: { amount: 199, planType: 'professional' } });
    const intentId = created.json.clientSecret.split('_secret_')[0];
    stripe.succeedIntent(intentId);
    expect((await call(confirmIntent, '/api/payments/stripe/confirm', { jar: other.jar, body: { paymentIntentId: intentId } })).status).toBe(404);
    expect((await call(confirmIntent, '/api/payments/stripe/confirm', { jar: other.jar, body: { paymentIntentId: 'pi_does_not_exist' } })).status).toBe(404);
    expect((await call(upgrade, '/api/subscription/upgrade', { jar: other.jar, body: { planId: 'professional' } })).status).toBe(402);
    expect((await userRow(other.id)).subscriptionStatus).toBe('inactive');
  });

  it("another user's subscription invoice intent is not found (404)", async () => {
    const owner = await payer();
    const other = await payer();
    await subscribe(other.jar, 'starter', 'month', 49);
    const { clientSecret, row } = await subscribe(owner.jar);
    stripe.payLatestInvoice(row.providerSubscriptionId!);
    const response = await call(confirmIntent, '/api/payments/stripe/confirm', { jar: other.jar, body: { paymentIntentId: clientSecret.split('_secret_')[0] } });
    expect(response.status).toBe(404);
    expect((await userRow(other.id)).subscriptionStatus).toBe('inactive');
  });
});

describe('test payment', () => {
  it('creates a 29 USD intent that grants nothing, and refuses any other amount or currency', async () => {
    const user = await payer();
    const response = await call(testPayment, '/api/payments/test-payment', { jar: user.jar, body: { amount: 29, currency: 'usd' } });
    expect(response.status).toBe(200);
    const intentId = response.json.clientSecret.split('_secret_')[0];
    expect(stripe.intents.get(intentId)).toMatchObject({ amount: 2900, currency: 'usd', metadata: { purpose: 'test', userId: user.id } });
    await post(signedStripeEvent('payment_intent.succeeded', stripe.succeedIntent(intentId), webhookSecret));
    expect(await db.payment.findFirstOrThrow({ where: { providerRef: intentId } })).toMatchObject({ status: 'succeeded', purpose: 'test' });
    expect((await userRow(user.id)).subscriptionStatus).toBe('inactive');

    for (const body of [{ amount: 30, currency: 'usd' }, { amount: 29, currency: 'eur' }, {}]) {
      expect((await call(testPayment, '/api/payments/test-payment', { jar: user.jar, body })).status).toBe(400);
    }
  });
});

describe('affiliate commission', () => {
  it('books 50 % of every subscription payment once, on the first and each renewal invoice', async () => {
    const { affiliate, referred } = await referredPayer();
    const { row } = await subscribe(referred.jar);
    const first = stripe.payLatestInvoice(row.providerSubscriptionId!);
    await post(signedStripeEvent('invoice.paid', first, webhookSecret));
    await post(signedStripeEvent('invoice.payment_succeeded', first, webhookSecret));
    await post(signedStripeEvent('invoice.paid', first, webhookSecret));
    let commissions = await db.commission.findMany({ where: { affiliateId: affiliate.id } });
    expect(commissions).toHaveLength(1);
    expect(commissions[0]).toMatchObject({ amountCents: 9950, paymentRef: `stripe:${first.id}` });
    expect((await db.referral.findUniqueOrThrow({ where: { referredUserId: referred.id } })).convertedAt).not.toBeNull();

    await post(signedStripeEvent('invoice.paid', stripe.renew(row.providerSubscriptionId!), webhookSecret));
    commissions = await db.commission.findMany({ where: { affiliateId: affiliate.id } });
    expect(commissions).toHaveLength(2);
  });
});

describe('authorization', () => {
  it.each([
    ['POST /api/create-subscription', () => call(createSubscription, '/api/create-subscription', { body: { planId: 'starter', interval: 'month', amount: 49 } })],
    ['POST /api/payments/stripe/create-payment-intent', () => call(createIntent, '/api/payments/stripe/create-payment-intent', { body: { amount: 49, planType: 'starter' } })],
    ['POST /api/payments/stripe/confirm', () => call(confirmIntent, '/api/payments/stripe/confirm', { body: { paymentIntentId: 'pi_123' } })],
    ['POST /api/payments/test-payment', () => call(testPayment, '/api/payments/test-payment', { body: { amount: 29, currency: 'usd' } })],
    ['POST /api/subscription/upgrade', () => call(upgrade, '/api/subscription/upgrade', { body: { planId: 'starter' } })],
  ])('%s answers 401 when signed out', async (_name, request) => {
    expect((await request()).status).toBe(401);
  });

  it('refuses a checkout posted from another site (403)', async () => {
    const user = await payer();
    const response = await call(createSubscription, '/api/create-subscription', {
      jar: user.jar,
      body: { planId: 'starter', interval: 'month', amount: 49 },
      headers: { origin: 'https://evil.example', host: 'localhost' },
    });
    expect(response.status).toBe(403);
  });
});
