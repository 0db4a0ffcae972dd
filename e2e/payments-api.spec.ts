import { expect, test } from '@playwright/test';
import { registerUser } from './support/session';

// The payment API in the production server (DEMO MODE: e2e sets no Stripe key): the plans and
// public configuration, a demo checkout granting the plan, and the webhook reaching its handler
// past middleware without an Origin header.

test('plans and payment configuration are public', async ({ request, baseURL }) => {
  const plans = await request.get(`${baseURL}/api/payments/plans`);
  expect(plans.status()).toBe(200);
  expect((await plans.json()).map((plan: { id: string; price: number }) => [plan.id, plan.price])).toEqual([
    ['starter', 49],
    ['professional', 199],
    ['enterprise', 999],
  ]);
  const config = await request.get(`${baseURL}/api/payments/config`);
  expect(await config.json()).toMatchObject({ mode: 'demo', stripePublishableKey: null });
});

test('an unentitled user subscribes in demo mode and becomes active', async ({ context, baseURL }) => {
  const user = await registerUser(context, baseURL!);
  const headers = { origin: baseURL! };
  const created = await context.request.post(`${baseURL}/api/create-subscription`, { data: { planId: 'professional', interval: 'year', amount: 1910.4 }, headers });
  expect(created.status(), await created.text()).toBe(200);
  const { clientSecret, subscriptionId } = await created.json();
  expect(clientSecret).toMatch(/^demo_/);

  const confirmed = await context.request.post(`${baseURL}/api/payments/demo/confirm`, { data: { subscriptionId }, headers });
  expect(await confirmed.json()).toMatchObject({ message: 'Subscription activated (demo mode)', subscription: { status: 'active' } });
  const me = await context.request.get(`${baseURL}/api/auth/user`);
  expect(await me.json()).toMatchObject({ email: user.email, subscriptionStatus: 'active', subscriptionTier: 'Professional' });
});

test('the Stripe webhook is reached without an Origin header and refuses an unsigned body', async ({ playwright, baseURL }) => {
  const bare = await playwright.request.newContext();
  const response = await bare.post(`${baseURL}/api/webhooks/stripe`, { data: '{}', headers: { 'content-type': 'application/json' } });
  // No webhook secret is configured in e2e: the handler itself answers (not middleware's 403).
  expect([400, 503]).toContain(response.status());
  expect((await response.json()).message).not.toBe('Cross-origin requests are not allowed');
  await bare.dispose();
});
