import type { Db } from '@/lib/db';
import { activateSubscription, bookCommission, recordConfirmedPayment, settlePlanPayment } from './activation';
import type { Stripe } from './stripe';

// What Stripe reports as paid, applied once: a PaymentIntent we created (a one-off upgrade or the
// test payment) or an invoice of one of our subscriptions. The webhook, the /payment-success check
// and the billing page's upgrade call all arrive here with Stripe's own word for it.

/**
 * Records a PaymentIntent Stripe reports as succeeded (webhook or server-side retrieval). Only an
 * intent we created for this user, for the amount we priced, counts. Returns the stored payment.
 */
export async function applySucceededIntent(db: Db, intent: Stripe.PaymentIntent) {
  const stored = await db.payment.findUnique({ where: { provider_providerRef: { provider: 'stripe', providerRef: intent.id } } });
  const userId = intent.metadata?.userId;
  if (!stored || !userId || stored.userId !== userId) return null;
  if (intent.status !== 'succeeded' || intent.currency !== 'usd' || (intent.amount_received ?? intent.amount) < stored.amountCents) return null;
  const confirmed = {
    userId: stored.userId,
    provider: 'stripe' as const,
    providerRef: intent.id,
    purpose: stored.purpose as 'upgrade' | 'test',
    planId: stored.planId,
    interval: stored.interval,
    amountCents: stored.amountCents,
  };
  // The test payment grants nothing; an upgrade intent pays for a plan like any one-off payment.
  return confirmed.purpose === 'upgrade' ? settlePlanPayment(db, confirmed) : recordConfirmedPayment(db, confirmed);
}

const subscriptionIdOf = (invoice: Stripe.Invoice) => {
  const ref = invoice.parent?.subscription_details?.subscription;
  return typeof ref === 'string' ? ref : ref?.id;
};

function invoicePeriodEnd(invoice: Stripe.Invoice, subscription?: Stripe.Subscription): Date {
  const ends = invoice.lines?.data?.map((line) => line.period?.end ?? 0) ?? [];
  const itemEnd = subscription?.items?.data?.[0]?.current_period_end ?? 0;
  const end = Math.max(0, itemEnd, ...ends);
  return end > 0 ? new Date(end * 1000) : new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
}

/** A paid invoice of one of our subscriptions: record the payment, extend the period, pay the referrer. */
export async function applyPaidInvoice(db: Db, invoice: Stripe.Invoice, eventAt: Date, subscription?: Stripe.Subscription) {
  const providerSubscriptionId = subscriptionIdOf(invoice) ?? subscription?.id;
  if (!providerSubscriptionId || !invoice.id) return null;
  const row = await db.subscription.findUnique({ where: { providerSubscriptionId } });
  if (!row || row.provider !== 'stripe') return null;
  const amountCents = invoice.amount_paid ?? 0;
  if (amountCents > 0) {
    await recordConfirmedPayment(db, {
      userId: row.userId,
      provider: 'stripe',
      providerRef: invoice.id,
      purpose: 'subscription',
      planId: row.planId,
      interval: row.interval,
      amountCents,
      currency: invoice.currency,
    });
  }
  const updated = await activateSubscription(db, row.id, invoicePeriodEnd(invoice, subscription), eventAt);
  if (amountCents > 0) await bookCommission(db, row.userId, 'stripe', invoice.id, amountCents);
  return updated;
}
