import crypto from 'node:crypto';
import type { Db } from '@/lib/db';
import { settlePlanPayment } from './activation';
import { readPaymentsConfig, squareConfigured } from './config';
import { PaymentProblem } from './http';
import type { PlanOrder } from './plan-order';
import { providerFetch } from './provider-http';

/** The fields of Square's CreatePayment answer we read, and its error list. */
interface SquarePaymentAnswer {
  payment?: { id?: string; status?: string; amount_money?: { amount?: number; currency?: string } } & Record<string, unknown>;
  errors?: Array<{ code?: string; detail?: string }>;
}

// Square Payments API: the browser tokenizes the card (sourceId); the server charges the plan's
// price with an idempotency key and activates the plan when Square reports COMPLETED.

export function squarePublicConfig() {
  const config = readPaymentsConfig();
  if (!squareConfigured(config)) throw new PaymentProblem(503, 'Square not configured');
  return { applicationId: config.square.applicationId!, locationId: config.square.locationId! };
}

export async function processSquarePayment(db: Db, { payer, plan, interval, amountCents }: PlanOrder, sourceId: string) {
  const config = readPaymentsConfig();
  if (!squareConfigured(config)) throw new PaymentProblem(503, 'Square not configured', { error: 'Square not configured' });
  const response = await providerFetch<SquarePaymentAnswer>(`${config.square.baseUrl}/v2/payments`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${config.square.accessToken}`,
      'Square-Version': config.square.version,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: JSON.stringify({
      source_id: sourceId,
      idempotency_key: crypto.randomUUID(),
      amount_money: { amount: amountCents, currency: 'USD' },
      location_id: config.square.locationId,
      reference_id: `${plan.id}-${interval}`,
      note: `${plan.name} plan (${interval})`,
      autocomplete: true,
    }),
    timeoutMs: config.timeoutMs,
    provider: 'Square',
  });
  const payment = response.body?.payment;
  if (!response.ok || !payment?.id) {
    const first = response.body?.errors?.[0];
    const message = first?.detail ?? 'Payment failed';
    throw new PaymentProblem(response.status >= 500 ? 502 : response.status === 401 ? 502 : 402, message, { error: message, code: first?.code ?? 'PAYMENT_FAILED' });
  }
  const paidCents = payment.amount_money?.currency === 'USD' ? Number(payment.amount_money.amount) : 0;
  if (payment.status === 'COMPLETED' && paidCents >= amountCents) {
    await settlePlanPayment(db, { userId: payer.id, provider: 'square', providerRef: payment.id, purpose: 'upgrade', planId: plan.id, interval, amountCents });
  }
  return { payment };
}
