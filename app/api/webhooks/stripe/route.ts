import { db } from '@/lib/db';
import { readPaymentsConfig } from '@/lib/payments/config';
import { PaymentProblem, paymentRoute } from '@/lib/payments/http';
import { Stripe } from '@/lib/payments/stripe';
import { handleStripeEvent } from '@/lib/payments/stripe-webhook';

const maxBytes = 1024 * 1024;

// Stripe posts without an Origin header, which route()'s same-origin rule lets through; the
// signature over the raw body is what authenticates it.
export const POST = paymentRoute(async (request) => {
  const secret = readPaymentsConfig().stripe.webhookSecret;
  if (!secret) throw new PaymentProblem(503, 'Stripe webhooks are not configured');
  const signature = request.headers.get('stripe-signature');
  const payload = await request.text();
  if (!signature) throw new PaymentProblem(400, 'Missing Stripe-Signature header');
  if (Buffer.byteLength(payload) > maxBytes) throw new PaymentProblem(413, 'Webhook payload is too large');
  let event: Stripe.Event;
  try {
    event = await Stripe.webhooks.constructEventAsync(payload, signature, secret);
  } catch {
    throw new PaymentProblem(400, 'Invalid webhook signature');
  }
  const result = await handleStripeEvent(db, event);
  return Response.json({ received: true, ...result });
});
