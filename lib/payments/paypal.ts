import crypto from 'node:crypto';
import type { Db } from '@/lib/db';
import { recordFailedPayment, settlePlanPayment } from './activation';
import { paypalConfigured, readPaymentsConfig, type PaymentsConfig } from './config';
import { notFound, PaymentProblem } from './http';
import type { PlanOrder } from './plan-order';
import { decimalUsd } from './pricing';
import { providerFetch } from './provider-http';

// PayPal REST (Orders v2): an OAuth2 client-credentials token, cached until shortly before it
// expires; orders are created with the server's price and captured only for their owner.

/** The part of PayPal's error answers we show: the first detail's description, else the message. */
interface PaypalError {
  message?: string;
  details?: Array<{ issue?: string; description?: string }>;
}

interface PaypalCapture extends PaypalError {
  status?: string;
  purchase_units?: Array<{ payments?: { captures?: Array<{ status?: string; amount?: { currency_code?: string; value?: string } }> } }>;
}

let cachedToken: { key: string; token: string; expiresAt: number } | null = null;

function requirePaypal(): PaymentsConfig {
  const config = readPaymentsConfig();
  if (!paypalConfigured(config)) throw new PaymentProblem(503, 'PayPal is not configured');
  return config;
}

async function accessToken(config: PaymentsConfig): Promise<string> {
  const key = `${config.paypal.baseUrl}|${config.paypal.clientId}`;
  if (cachedToken && cachedToken.key === key && cachedToken.expiresAt > Date.now()) return cachedToken.token;
  const basic = Buffer.from(`${config.paypal.clientId}:${config.paypal.clientSecret}`).toString('base64');
  const response = await providerFetch<{ access_token?: string; expires_in?: number }>(`${config.paypal.baseUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: 'grant_type=client_credentials',
    timeoutMs: config.timeoutMs,
    provider: 'PayPal',
  });
  if (!response.ok || !response.body?.access_token) throw new PaymentProblem(502, 'PayPal refused our credentials. Please try another payment method.');
  const lifetimeMs = Math.max(0, (response.body.expires_in ?? 300) - 60) * 1000;
  cachedToken = { key, token: response.body.access_token, expiresAt: Date.now() + lifetimeMs };
  return cachedToken.token;
}

async function paypalCall<T>(config: PaymentsConfig, path: string, body: unknown, headers: Record<string, string> = {}) {
  const token = await accessToken(config);
  return providerFetch<T>(`${config.paypal.baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    timeoutMs: config.timeoutMs,
    provider: 'PayPal',
  });
}

const paypalMessage = (body: PaypalError | undefined, fallback: string) => body?.details?.[0]?.description ?? body?.message ?? fallback;

export async function paypalClientToken() {
  const config = requirePaypal();
  const response = await paypalCall<{ client_token?: string }>(config, '/v1/identity/generate-token', undefined);
  if (!response.ok || !response.body?.client_token) throw new PaymentProblem(502, 'PayPal could not start a payment. Please try again.');
  return { clientToken: response.body.client_token };
}

export async function createPaypalOrder(db: Db, { payer, plan, interval, amountCents }: PlanOrder) {
  const userId = payer.id;
  const config = requirePaypal();
  const response = await paypalCall<PaypalError & { id?: string; status?: string }>(
    config,
    '/v2/checkout/orders',
    {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: plan.id,
          custom_id: userId,
          description: `${plan.name} plan (${interval})`,
          amount: { currency_code: 'USD', value: decimalUsd(amountCents) },
        },
      ],
    },
    { 'PayPal-Request-Id': crypto.randomUUID() },
  );
  if (!response.ok || !response.body?.id) throw new PaymentProblem(response.status >= 500 ? 502 : 400, paypalMessage(response.body, 'PayPal could not create the order'));
  await db.payment.create({
    data: { userId, provider: 'paypal', providerRef: response.body.id, purpose: 'upgrade', planId: plan.id, interval, amountCents, status: 'pending' },
  });
  return { id: response.body.id };
}

/** Captures the caller's own order; a COMPLETED capture of the full price activates the plan once. */
export async function capturePaypalOrder(db: Db, userId: string, orderId: string) {
  const config = requirePaypal();
  const stored = await db.payment.findFirst({ where: { provider: 'paypal', providerRef: orderId, userId } });
  if (!stored) throw notFound('Order not found');
  const response = await paypalCall<PaypalCapture>(config, `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, undefined, {
    'PayPal-Request-Id': `capture-${orderId}`,
  });
  if (!response.ok) {
    const issue = response.body?.details?.[0]?.issue;
    if (issue === 'ORDER_ALREADY_CAPTURED' && stored.status === 'succeeded') return { id: orderId, status: 'COMPLETED' };
    if (issue && issue !== 'ORDER_ALREADY_CAPTURED') await recordFailedPayment(db, 'paypal', orderId, issue);
    throw new PaymentProblem(response.status >= 500 ? 502 : 400, paypalMessage(response.body, 'PayPal could not capture the payment'), { error: issue ?? 'CAPTURE_FAILED' });
  }
  const capture = response.body?.purchase_units?.[0]?.payments?.captures?.[0];
  const captured = capture?.amount;
  const capturedCents = captured?.currency_code === 'USD' ? Math.round(Number(captured.value) * 100) : 0;
  if (response.body?.status === 'COMPLETED' && capture?.status !== 'DECLINED' && capturedCents >= stored.amountCents) {
    await settlePlanPayment(db, { ...stored, provider: 'paypal', purpose: 'upgrade' });
  }
  return response.body;
}

/** Tests start each case with a fresh token. */
export function forgetPaypalToken() {
  cachedToken = null;
}
