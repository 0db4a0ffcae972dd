import crypto from 'node:crypto';
import Stripe from 'stripe';
import { startFakeServer, type FakeReply, type FakeRequest } from '../http-server';

// A local server speaking the Stripe REST API's wire format for the calls lib/payments makes:
// form-encoded requests, JSON objects and errors shaped like Stripe's. The test drives what
// happens at Stripe (a card payment succeeding) and builds signed webhook events.

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(10).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

const stripeError = (status: number, type: string, message: string, code?: string): FakeReply => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

/** The fields of Stripe's form-encoded requests that this fake reads. */
interface StripeForm {
  id?: string;
  email?: string;
  name?: string;
  customer?: string;
  amount?: string;
  currency?: string;
  metadata?: Record<string, string>;
  items?: Array<{ price_data?: { currency: string; product: string; unit_amount: string; recurring: { interval: string } } }>;
  expand?: string[] | Record<string, string>;
}

/** A stored object the test names; a wrong id is a mistake in the test. */
function stored<T>(objects: Map<string, T>, key: string | undefined): T {
  const object = key === undefined ? undefined : objects.get(key);
  if (object === undefined) throw new Error(`no object ${key}`);
  return object;
}

type FormNode = Record<string, unknown> | unknown[];

/** Stripe's form encoding (`items[0][price_data][currency]=usd`) back into nested objects and arrays. */
function parseForm(body: string): StripeForm {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: FormNode = root;
    parts.forEach((part, index) => {
      const fields = node as Record<string, unknown>;
      if (index === parts.length - 1) fields[part] = value;
      else node = (fields[part] ??= /^\d+$/.test(parts[index + 1]!) ? [] : {}) as FormNode;
    });
  }
  return root as StripeForm;
}

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  client_secret: string;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
  status: string;
  last_payment_error: null;
}

interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  created: number;
  metadata: Record<string, string>;
  latest_invoice?: string;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'subscription_item';
      current_period_start: number;
      current_period_end: number;
      price: { id: string; object: 'price'; currency: string; product: string; unit_amount: number; recurring: { interval: string; interval_count: number } };
    }>;
  };
}

function periodEndOf(start: number, interval: string) {
  const date = new Date(start * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

type FakeInvoice = ReturnType<typeof invoiceObject>;

function invoiceObject(subscription: FakeSubscription, intent: FakeIntent, periodStart: number, periodEnd: number) {
  const item = subscription.items.data[0]!;
  const amount = item.price.unit_amount;
  return {
    id: id('in'),
    object: 'invoice',
    amount_due: amount,
    amount_paid: 0,
    currency: item.price.currency,
    customer: subscription.customer,
    created: now(),
    status: 'open',
    confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' },
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
    lines: {
      object: 'list',
      data: [{ id: id('il'), object: 'line_item', amount, currency: item.price.currency, period: { start: periodStart, end: periodEnd } }],
      has_more: false,
    },
    _intent: intent.id,
  };
}

export async function startFakeStripe(secretKey = 'sk_test_fake') {
  const customers = new Map<string, { id: string; email: string | null; name: string | null }>();
  const products = new Map<string, { id: string }>();
  const intents = new Map<string, FakeIntent>();
  const invoices = new Map<string, FakeInvoice>();
  const subscriptions = new Map<string, FakeSubscription>();

  const authorized = (request: FakeRequest) => request.headers.authorization === `Bearer ${secretKey}`;
  const unauthorized = stripeError(401, 'invalid_request_error', 'Invalid API Key provided.');

  function newIntent(amount: number, currency: string, metadata: Record<string, string>, customer?: string) {
    const intentId = id('pi');
    const intent: FakeIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      customer: customer ?? null,
      client_secret: `${intentId}_secret_${crypto.randomBytes(8).toString('hex')}`,
      created: now(),
      livemode: false,
      metadata,
      status: 'requires_payment_method',
      last_payment_error: null,
    };
    intents.set(intentId, intent);
    return intent;
  }

  function newInvoice(subscription: FakeSubscription, periodStart: number) {
    const item = subscription.items.data[0]!;
    const intent = newIntent(item.price.unit_amount, item.price.currency, {}, subscription.customer);
    const invoice = invoiceObject(subscription, intent, periodStart, periodEndOf(periodStart, item.price.recurring.interval));
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  const publicInvoice = (invoice: FakeInvoice) => {
    const { _intent, ...rest } = invoice;
    void _intent;
    return rest;
  };

  function expandSubscription(subscription: FakeSubscription, expand: string[]) {
    const latest = subscription.latest_invoice;
    if (expand.some((path) => path.startsWith('latest_invoice'))) return { ...subscription, latest_invoice: publicInvoice(stored(invoices, latest)) };
    return subscription;
  }

  const expandOf = (request: FakeRequest, form?: StripeForm) => [
    ...request.query.getAll('expand[]'),
    ...[...request.query.entries()].filter(([key]) => /^expand\[\d+\]$/.test(key)).map(([, value]) => value),
    ...(form?.expand ? (Array.isArray(form.expand) ? form.expand : Object.values(form.expand)) : []),
  ];

  const server = await startFakeServer([
    [
      'POST',
      /^\/v1\/customers$/,
      (request) => {
        if (!authorized(request)) return unauthorized;
        const form = parseForm(request.body);
        const customer = { id: id('cus'), object: 'customer', email: form.email ?? null, name: form.name ?? null, metadata: form.metadata ?? {}, created: now() };
        customers.set(customer.id, customer);
        return { body: customer };
      },
    ],
    [
      'POST',
      /^\/v1\/products$/,
      (request) => {
        if (!authorized(request)) return unauthorized;
        const form = parseForm(request.body);
        const productId = form.id ?? id('prod');
        if (products.has(productId)) return stripeError(400, 'invalid_request_error', `Product already exists.`, 'resource_already_exists');
        const product = { id: productId, object: 'product', name: form.name, metadata: form.metadata ?? {}, active: true, created: now() };
        products.set(productId, product);
        return { body: product };
      },
    ],
    [
      'POST',
      /^\/v1\/subscriptions$/,
      (request) => {
        if (!authorized(request)) return unauthorized;
        const form = parseForm(request.body);
        if (!form.customer || !customers.has(form.customer)) return stripeError(400, 'invalid_request_error', `No such customer: '${form.customer}'`, 'resource_missing');
        const priceData = form.items?.[0]?.price_data;
        if (!priceData || !products.has(priceData.product)) return stripeError(400, 'invalid_request_error', `No such product: '${priceData?.product}'`, 'resource_missing');
        const start = now();
        const subscription: FakeSubscription = {
          id: id('sub'),
          object: 'subscription',
          customer: form.customer,
          status: 'incomplete',
          cancel_at_period_end: false,
          created: start,
          metadata: form.metadata ?? {},
          items: {
            object: 'list',
            data: [
              {
                id: id('si'),
                object: 'subscription_item',
                current_period_start: start,
                current_period_end: periodEndOf(start, priceData.recurring.interval),
                price: {
                  id: id('price'),
                  object: 'price',
                  currency: priceData.currency,
                  product: priceData.product,
                  unit_amount: Number(priceData.unit_amount),
                  recurring: { interval: priceData.recurring.interval, interval_count: 1 },
                },
              },
            ],
          },
        };
        const invoice = newInvoice(subscription, start);
        subscription.latest_invoice = invoice.id;
        subscriptions.set(subscription.id, subscription);
        return { body: expandSubscription(subscription, expandOf(request, form)) };
      },
    ],
    [
      'GET',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (request) => {
        if (!authorized(request)) return unauthorized;
        const subscription = subscriptions.get(request.params[0]!);
        if (!subscription) return stripeError(404, 'invalid_request_error', `No such subscription: '${request.params[0]}'`, 'resource_missing');
        return { body: expandSubscription(subscription, expandOf(request)) };
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents$/,
      (request) => {
        if (!authorized(request)) return unauthorized;
        const form = parseForm(request.body);
        const amount = Number(form.amount);
        if (!Number.isInteger(amount) || amount < 50) return stripeError(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', 'amount_too_small');
        return { body: newIntent(amount, form.currency ?? '', form.metadata ?? {}, form.customer) };
      },
    ],
    [
      'GET',
      /^\/v1\/payment_intents\/([^/]+)$/,
      (request) => {
        if (!authorized(request)) return unauthorized;
        const intent = intents.get(request.params[0]!);
        if (!intent) return stripeError(404, 'invalid_request_error', `No such payment_intent: '${request.params[0]}'`, 'resource_missing');
        return { body: intent };
      },
    ],
  ]);

  return {
    url: server.url,
    requests: server.requests,
    close: server.close,
    customers,
    intents,
    invoices,
    subscriptions,
    /** The card payment of an intent succeeds at Stripe (as stripe.js's confirmCardPayment would). */
    succeedIntent(intentId: string) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      return intent;
    },
    /** The subscription's latest invoice is paid: invoice paid, intent succeeded, subscription active. */
    payLatestInvoice(subscriptionId: string) {
      const subscription = stored(subscriptions, subscriptionId);
      const invoice = stored(invoices, subscription.latest_invoice);
      this.succeedIntent(invoice._intent);
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due });
      subscription.status = 'active';
      return publicInvoice(invoice);
    },
    /** The next billing period's invoice, paid (a renewal). */
    renew(subscriptionId: string) {
      const subscription = stored(subscriptions, subscriptionId);
      const item = subscription.items.data[0]!;
      const invoice = newInvoice(subscription, item.current_period_end);
      item.current_period_start = item.current_period_end;
      item.current_period_end = invoice.lines.data[0]!.period.end;
      subscription.latest_invoice = invoice.id;
      return this.payLatestInvoice(subscriptionId);
    },
    subscriptionObject(subscriptionId: string, changes: Partial<FakeSubscription> = {}) {
      return structuredClone({ ...stored(subscriptions, subscriptionId), ...changes });
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** A Stripe event around an object, as a JSON payload plus its Stripe-Signature header. */
export function signedStripeEvent(type: string, object: unknown, secret: string, options: { created?: number; id?: string; signWith?: string } = {}) {
  const event = {
    id: options.id ?? id('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: options.created ?? now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.signWith ?? secret });
  return { event, payload, signature };
}
