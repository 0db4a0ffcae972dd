import { db } from '@/lib/db';
import { resetDatabase } from '@/test/support/database';
import { call } from '@/test/support/http';
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
import { GET as plans } from './plans/route';
import { POST as createIntent } from './stripe/create-payment-intent/route';
import { POST as testPayment } from './test-payment/route';

const { payer, referredPayer } = payers({ register, verifyBeta, createLink, visitLink });

// Registration hashes passwords: generous per-test time on a shared machine.
jest.setTimeout(30_000);

// DEMO MODE (no Stripe key): the plans, the public configuration, and simulated checkouts that are
// labelled as such and only ever activate the caller's own demo subscription.

const saved = { ...process.env };
const paymentKeys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE_URL', 'PAYMENTS_DEMO_MODE', 'PAYPAL_CLIENT_ID', 'SQUARE_ACCESS_TOKEN', 'CRYPTO_BTC_XPUB', 'CRYPTO_BTC_ADDRESSES'];

beforeAll(async () => {
  await resetDatabase();
  for (const key of paymentKeys) delete process.env[key];
});

afterAll(() => {
  process.env = saved;
});

describe('plans', () => {
  it('lists the three plans with server prices and yearly totals', async () => {
    const response = await call(plans, '/api/payments/plans');
    expect(response.status).toBe(200);
    expect(response.json).toEqual([
      expect.objectContaining({ id: 'starter', name: 'Basic', tierName: 'Basic', price: 49, interval: 'month', recommended: false, yearlyPrice: 529.2, yearlyDiscount: 0.1, companyLimit: 50, reportLimit: 5 }),
      expect.objectContaining({ id: 'professional', name: 'Professional', tierName: 'Professional', price: 199, recommended: true, yearlyPrice: 1910.4, yearlyDiscount: 0.2, companyLimit: 500, reportLimit: null }),
      expect.objectContaining({ id: 'enterprise', name: 'Enterprise', tierName: 'Enterprise', price: 999, yearlyPrice: 8991, yearlyDiscount: 0.25, companyLimit: null, reportLimit: null }),
    ]);
    // Spec 001 §3: the payments call names the tiers Basic, Professional, Enterprise; the ids stay the plans page's.
    expect(response.json.map((plan: { id: string; name: string }) => `${plan.id}: ${plan.name}`)).toEqual(['starter: Basic', 'professional: Professional', 'enterprise: Enterprise']);
    for (const plan of response.json) {
      expect(typeof plan.description).toBe('string');
      expect(plan.features.length).toBeGreaterThan(0);
    }
  });
});

describe('demo mode', () => {
  it('says so in the public configuration, with no provider keys', async () => {
    expect((await call(config, '/api/payments/config')).json).toEqual({
      mode: 'demo',
      stripePublishableKey: null,
      paypalClientId: null,
      squareApplicationId: null,
      squareLocationId: null,
      squareEnvironment: 'sandbox',
      cryptoEnabled: false,
    });
  });

  it('creates an incomplete demo subscription, and the simulated payment activates it once', async () => {
    const user = await payer();
    const created = await call(createSubscription, '/api/create-subscription', { jar: user.jar, body: { planId: 'professional', interval: 'month', amount: 199 } });
    expect(created.status).toBe(200);
    expect(created.json.clientSecret).toMatch(/^demo_/);
    const row = await db.subscription.findUniqueOrThrow({ where: { id: created.json.subscriptionId } });
    expect(row).toMatchObject({ provider: 'demo', status: 'incomplete', amountCents: 19900, userId: user.id });
    expect((await userRow(user.id)).subscriptionStatus).toBe('inactive');

    const confirmed = await call(demoConfirm, '/api/payments/demo/confirm', { jar: user.jar, body: { subscriptionId: row.id } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ message: 'Subscription activated (demo mode)', subscription: { id: row.id, status: 'active', planId: 'professional', provider: 'demo' } });
    const active = await userRow(user.id);
    expect(active).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'professional' });
    expect(active.subscriptionEndsAt!.getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);

    const again = await call(demoConfirm, '/api/payments/demo/confirm', { jar: user.jar, body: { subscriptionId: row.id } });
    expect(again.status).toBe(200);
    expect(await db.payment.count({ where: { userId: user.id, provider: 'demo' } })).toBe(1);

    // The current plan cannot be subscribed to twice.
    const twice = await call(createSubscription, '/api/create-subscription', { jar: user.jar, body: { planId: 'professional', interval: 'month', amount: 199 } });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe('You are already subscribed to the Professional plan.');
  });

  it("refuses another user's demo subscription (404)", async () => {
    const owner = await payer();
    const other = await payer();
    const created = await call(createSubscription, '/api/create-subscription', { jar: owner.jar, body: { planId: 'starter', interval: 'year', amount: 529.2 } });
    const response = await call(demoConfirm, '/api/payments/demo/confirm', { jar: other.jar, body: { subscriptionId: created.json.subscriptionId } });
    expect(response.status).toBe(404);
    expect((await db.subscription.findUniqueOrThrow({ where: { id: created.json.subscriptionId } })).status).toBe('incomplete');
    expect((await call(demoConfirm, '/api/payments/demo/confirm', { body: { subscriptionId: created.json.subscriptionId } })).status).toBe(401);
  });

  it('still checks the amount against the plan (400)', async () => {
    const user = await payer();
    const response = await call(createSubscription, '/api/create-subscription', { jar: user.jar, body: { planId: 'enterprise', interval: 'month', amount: 99 } });
    expect(response.status).toBe(400);
    expect(response.json.message).toMatch(/does not match/);
  });

  it('billing page: a simulated card payment is applied by the upgrade call; without one the upgrade is refused', async () => {
    const user = await payer();
    expect((await call(upgrade, '/api/subscription/upgrade', { jar: user.jar, body: { planId: 'enterprise', paymentMethod: 'stripe' } })).status).toBe(402);
    const intent = await call(createIntent, '/api/payments/stripe/create-payment-intent', { jar: user.jar, body: { amount: 999, planType: 'Enterprise' } });
    expect(intent.json.clientSecret).toMatch(/^demo_pi_/);
    const upgraded = await call(upgrade, '/api/subscription/upgrade', { jar: user.jar, body: { planId: 'enterprise', paymentMethod: 'stripe' } });
    expect(upgraded.status).toBe(200);
    expect(upgraded.json.message).toBe('Subscription upgraded to Enterprise');
    expect(await userRow(user.id)).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'enterprise' });
  });

  it('a demo payment never books an affiliate commission', async () => {
    const { referred } = await referredPayer();
    const created = await call(createSubscription, '/api/create-subscription', { jar: referred.jar, body: { planId: 'professional', interval: 'month', amount: 199 } });
    await call(demoConfirm, '/api/payments/demo/confirm', { jar: referred.jar, body: { subscriptionId: created.json.subscriptionId } });
    expect(await db.commission.count()).toBe(0);
  });

  it('the test payment answers a demo client secret', async () => {
    const user = await payer();
    const response = await call(testPayment, '/api/payments/test-payment', { jar: user.jar, body: { amount: 29, currency: 'USD' } });
    expect(response.status).toBe(200);
    expect(response.json.clientSecret).toMatch(/^demo_pi_/);
  });

  it('without a webhook secret the webhook answers 503 and changes nothing', async () => {
    const response = await call(webhook, '/api/webhooks/stripe', { rawBody: '{}', headers: { 'stripe-signature': 't=1,v1=abc' } });
    expect(response.status).toBe(503);
  });
});

describe('demo mode switched off', () => {
  it('refuses checkouts (503) when PAYMENTS_DEMO_MODE=false and no Stripe key is set', async () => {
    process.env.PAYMENTS_DEMO_MODE = 'false';
    try {
      const user = await payer();
      const response = await call(createSubscription, '/api/create-subscription', { jar: user.jar, body: { planId: 'starter', interval: 'month', amount: 49 } });
      expect(response.status).toBe(503);
      expect((await call(config, '/api/payments/config')).json.mode).toBe('live');
    } finally {
      delete process.env.PAYMENTS_DEMO_MODE;
    }
  });
});
