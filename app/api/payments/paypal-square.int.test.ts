import { db } from '@/lib/db';
import { forgetPaypalToken } from '@/lib/payments/paypal';
import { resetDatabase } from '@/test/support/database';
import { withoutEnv } from '@/test/support/env';
import { call } from '@/test/support/http';
import { startFakePaypal, startFakeSquare, squareNonces } from '@/test/support/payments/fake-providers';
import { payers, userRow } from '@/test/support/payments/users';
import { GET as visitLink } from '../../r/[code]/route';
import { POST as createLink } from '../affiliate/links/route';
import { POST as register } from '../auth/register/route';
import { POST as verifyBeta } from '../beta/verify/route';
import { POST as upgrade } from '../subscription/upgrade/route';
import { GET as config } from './config/route';
import { POST as capture } from './paypal/order/[orderId]/capture/route';
import { POST as createOrder } from './paypal/order/route';
import { GET as paypalSetup } from './paypal/setup/route';
import { GET as squareConfig } from './square/config/route';
import { POST as squareProcess } from './square/process/route';

const { payer, referredPayer } = payers({ register, verifyBeta, createLink, visitLink });

// Registration hashes passwords: generous per-test time on a shared machine.
jest.setTimeout(30_000);

// PayPal (Orders v2) and Square (Payments API) against local servers in their wire formats.

let paypal: Awaited<ReturnType<typeof startFakePaypal>>;
let square: Awaited<ReturnType<typeof startFakeSquare>>;
const saved = { ...process.env };

beforeAll(async () => {
  await resetDatabase();
  paypal = await startFakePaypal('paypal-client', 'paypal-secret');
  square = await startFakeSquare('square-token', 'L88917AVBK2S5');
  Object.assign(process.env, {
    PAYPAL_CLIENT_ID: 'paypal-client',
    PAYPAL_CLIENT_SECRET: 'paypal-secret',
    PAYPAL_API_BASE_URL: paypal.url,
    SQUARE_ACCESS_TOKEN: 'square-token',
    SQUARE_APPLICATION_ID: 'sandbox-sq0idb-app',
    SQUARE_LOCATION_ID: 'L88917AVBK2S5',
    SQUARE_API_BASE_URL: square.url,
  });
  forgetPaypalToken();
});

afterAll(async () => {
  process.env = saved;
  await Promise.all([paypal.close(), square.close()]);
});

const order = (jar: import('@/test/support/http').CookieJar, body: Record<string, unknown>) => call(createOrder, '/api/payments/paypal/order', { jar, body });
const captureOrder = (jar: import('@/test/support/http').CookieJar | undefined, orderId: string) =>
  call(capture, `/api/payments/paypal/order/${orderId}/capture`, { jar, method: 'POST', params: { orderId } });

describe('PayPal', () => {
  it('publishes the client id and hands out a client token, fetching one OAuth token for many calls', async () => {
    const user = await payer();
    expect((await call(config, '/api/payments/config')).json).toMatchObject({ paypalClientId: 'paypal-client', squareApplicationId: 'sandbox-sq0idb-app', squareLocationId: 'L88917AVBK2S5', squareEnvironment: 'sandbox' });
    const first = await call(paypalSetup, '/api/payments/paypal/setup', { jar: user.jar });
    expect(first.status).toBe(200);
    expect(first.json.clientToken).toMatch(/^eyJ/);
    await call(paypalSetup, '/api/payments/paypal/setup', { jar: user.jar });
    expect(paypal.requests.filter((request) => request.path === '/v1/oauth2/token')).toHaveLength(1);
  });

  it('creates an order at the server price and captures it once approved: the plan is active for one period', async () => {
    const user = await payer();
    const created = await order(user.jar, { amount: 199, currency: 'USD', intent: 'CAPTURE', planType: 'Professional' });
    expect(created.status).toBe(200);
    const orderId = created.json.id as string;
    expect(paypal.orders.get(orderId)!.purchase_units[0]).toMatchObject({ amount: { currency_code: 'USD', value: '199.00' }, custom_id: user.id });

    // Not yet approved by the payer: PayPal refuses, nothing is granted.
    const early = await captureOrder(user.jar, orderId);
    expect(early.status).toBe(400);
    expect((await userRow(user.id)).subscriptionStatus).toBe('inactive');

    paypal.approve(orderId);
    const captured = await captureOrder(user.jar, orderId);
    expect(captured.status).toBe(200);
    expect(captured.json).toMatchObject({ id: orderId, status: 'COMPLETED' });
    const active = await userRow(user.id);
    expect(active).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'professional' });
    expect(active.subscriptionEndsAt!.getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
    expect(await db.payment.findFirstOrThrow({ where: { provider: 'paypal', providerRef: orderId } })).toMatchObject({ status: 'succeeded', amountCents: 19900 });

    // The capture again (PayPal: ORDER_ALREADY_CAPTURED) and the billing page's upgrade call grant nothing more.
    const again = await captureOrder(user.jar, orderId);
    expect(again.json.status).toBe('COMPLETED');
    expect((await call(upgrade, '/api/subscription/upgrade', { jar: user.jar, body: { planId: 'Professional', paymentMethod: 'paypal' } })).json.message).toBe('Subscription upgraded to Professional');
    expect((await userRow(user.id)).subscriptionEndsAt!.getTime()).toBe(active.subscriptionEndsAt!.getTime());
    expect(await db.subscription.count({ where: { userId: user.id } })).toBe(1);
  });

  it('a capture of less than the price grants nothing', async () => {
    const user = await payer();
    const created = await order(user.jar, { amount: 49, currency: 'USD', intent: 'CAPTURE', planType: 'starter' });
    paypal.approve(created.json.id, { capturedAmount: { currency_code: 'USD', value: '1.00' } });
    expect((await captureOrder(user.jar, created.json.id)).status).toBe(200);
    expect((await userRow(user.id)).subscriptionStatus).toBe('inactive');
  });

  it('refuses bad orders (400): wrong amount, currency, intent or plan', async () => {
    const user = await payer();
    for (const body of [
      { amount: 1, currency: 'USD', intent: 'CAPTURE', planType: 'professional' },
      { amount: 199, currency: 'EUR', intent: 'CAPTURE', planType: 'professional' },
      { amount: 199, currency: 'USD', intent: 'AUTHORIZE', planType: 'professional' },
      { amount: 199, currency: 'USD', intent: 'CAPTURE', planType: 'gold' },
    ]) {
      expect((await order(user.jar, body)).status).toBe(400);
    }
  });

  it("another user's order is not found (404); signed out is 401", async () => {
    const owner = await payer();
    const other = await payer();
    const created = await order(owner.jar, { amount: 999, currency: 'USD', intent: 'CAPTURE', planType: 'enterprise' });
    paypal.approve(created.json.id);
    expect((await captureOrder(other.jar, created.json.id)).status).toBe(404);
    expect((await captureOrder(undefined, created.json.id)).status).toBe(401);
    expect((await call(paypalSetup, '/api/payments/paypal/setup')).status).toBe(401);
    expect((await userRow(other.id)).subscriptionStatus).toBe('inactive');
  });

  it('books the referrer 50 % of a PayPal payment once', async () => {
    const { affiliate, referred } = await referredPayer();
    const created = await order(referred.jar, { amount: 199, currency: 'USD', intent: 'CAPTURE', planType: 'professional' });
    paypal.approve(created.json.id);
    await captureOrder(referred.jar, created.json.id);
    await captureOrder(referred.jar, created.json.id);
    const commissions = await db.commission.findMany({ where: { affiliateId: affiliate.id } });
    expect(commissions).toHaveLength(1);
    expect(commissions[0]!.amountCents).toBe(9950);
  });

  it('answers 503 when PayPal is not configured', async () => {
    const user = await payer();
    await withoutEnv('PAYPAL_CLIENT_SECRET', async () => {
      const response = await call(paypalSetup, '/api/payments/paypal/setup', { jar: user.jar });
      expect(response.status).toBe(503);
      expect(response.json.message).toBe('PayPal is not configured');
    });
  });
});

describe('Square', () => {
  it('gives the browser its application and location ids', async () => {
    const user = await payer();
    expect((await call(squareConfig, '/api/payments/square/config', { jar: user.jar })).json).toEqual({ applicationId: 'sandbox-sq0idb-app', locationId: 'L88917AVBK2S5' });
  });

  it('charges the server price with an idempotency key and activates the plan on COMPLETED', async () => {
    const user = await payer();
    const response = await call(squareProcess, '/api/payments/square/process', { jar: user.jar, body: { sourceId: squareNonces.ok, amount: 1910.4, currency: 'USD', planType: 'professional', interval: 'year' } });
    expect(response.status).toBe(200);
    expect(response.json.payment).toMatchObject({ status: 'COMPLETED', amount_money: { amount: 191040, currency: 'USD' } });
    const sent = JSON.parse(square.requests.at(-1)!.body);
    expect(sent).toMatchObject({ source_id: squareNonces.ok, amount_money: { amount: 191040, currency: 'USD' }, location_id: 'L88917AVBK2S5' });
    expect(sent.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    const active = await userRow(user.id);
    expect(active).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'professional' });
    expect(active.subscriptionEndsAt!.getTime()).toBeGreaterThan(Date.now() + 360 * 24 * 3600 * 1000);
  });

  it('answers a declined card as 4xx {error, message} and grants nothing', async () => {
    const user = await payer();
    const response = await call(squareProcess, '/api/payments/square/process', { jar: user.jar, body: { sourceId: squareNonces.declined, amount: 49, currency: 'USD', planType: 'Basic' } });
    expect(response.status).toBe(402);
    expect(response.json).toMatchObject({ error: "Authorization error: 'GENERIC_DECLINE'", message: "Authorization error: 'GENERIC_DECLINE'" });
    expect((await userRow(user.id)).subscriptionStatus).toBe('inactive');
  });

  it('refuses a mismatched amount (400 with error) and answers 503 when not configured', async () => {
    const user = await payer();
    const mismatch = await call(squareProcess, '/api/payments/square/process', { jar: user.jar, body: { sourceId: squareNonces.ok, amount: 5, currency: 'USD', planType: 'Basic' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.error).toMatch(/does not match/);
    await withoutEnv('SQUARE_ACCESS_TOKEN', async () => {
      const response = await call(squareConfig, '/api/payments/square/config', { jar: user.jar });
      expect(response.status).toBe(503);
      expect(response.json.message).toBe('Square not configured');
    });
  });
});
