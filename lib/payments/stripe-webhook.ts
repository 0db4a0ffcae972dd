import { isUniqueViolation } from '@/lib/db/errors';
import { db } from '@/lib/db';
import { activateSubscription, bookCommission, recordConfirmedPayment, recordFailedPayment, refreshUserPlan } from './activation';
import { applySucceededIntent } from './checkout';
import { findPlan } from './plans';
import { planIdOfProduct, Stripe } from './stripe';

// Stripe's events, verified by the route before they reach here. Each event id is stored once
// (WebhookEvent), so a replay changes nothing; every subscription change carries the event's time
// and an event older than the newest one applied (Subscription.lastEventAt) leaves state alone.

export type Outcome = 'applied' | 'ignored';

const abandonedClaimMs = 5 * 60 * 1000;

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
export async function applyPaidInvoice(invoice: Stripe.Invoice, eventAt: Date, subscription?: Stripe.Subscription) {
  const providerSubscriptionId = subscriptionIdOf(invoice) ?? subscription?.id;
  if (!providerSubscriptionId || !invoice.id) return null;
  const row = await db.subscription.findUnique({ where: { providerSubscriptionId } });
  if (!row || row.provider !== 'stripe') return null;
  const amountCents = invoice.amount_paid ?? 0;
  if (amountCents > 0) {
    await recordConfirmedPayment({
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
  const updated = await activateSubscription(row.id, invoicePeriodEnd(invoice, subscription), eventAt);
  if (amountCents > 0) await bookCommission(row.userId, 'stripe', invoice.id, amountCents);
  return updated;
}

const statusOf = (status: Stripe.Subscription.Status) => {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'incomplete';
  }
};

async function applySubscriptionUpdate(remote: Stripe.Subscription, eventAt: Date): Promise<Outcome> {
  const row = await db.subscription.findUnique({ where: { providerSubscriptionId: remote.id } });
  if (!row) return 'ignored';
  if (row.lastEventAt && eventAt < row.lastEventAt) return 'ignored';
  const item = remote.items?.data?.[0];
  const product = typeof item?.price?.product === 'string' ? item.price.product : item?.price?.product?.id;
  const planId = [product && planIdOfProduct(product), remote.metadata?.planId, row.planId].find((id) => id && findPlan(id))!;
  const status = statusOf(remote.status);
  const currentPeriodEnd = item?.current_period_end ? new Date(item.current_period_end * 1000) : row.currentPeriodEnd;
  const cancelAtPeriodEnd = Boolean(remote.cancel_at_period_end);
  // A conditional write: a newer event that landed meanwhile wins.
  const written = await db.subscription.updateMany({
    where: { id: row.id, OR: [{ lastEventAt: null }, { lastEventAt: { lte: eventAt } }] },
    data: {
      planId,
      interval: item?.price?.recurring?.interval === 'year' ? 'year' : row.interval,
      amountCents: item?.price?.unit_amount ?? row.amountCents,
      status,
      cancelAtPeriodEnd,
      currentPeriodEnd,
      lastEventAt: eventAt,
    },
  });
  if (written.count === 0) return 'ignored';
  await refreshUserPlan(row.userId);
  return 'applied';
}

async function applySubscriptionDeleted(remote: Stripe.Subscription, eventAt: Date): Promise<Outcome> {
  const row = await db.subscription.findUnique({ where: { providerSubscriptionId: remote.id } });
  if (!row) return 'ignored';
  // Deletion is final at Stripe: no later event can revive the subscription, so it applies even if late.
  const lastEventAt = row.lastEventAt && row.lastEventAt > eventAt ? row.lastEventAt : eventAt;
  await db.subscription.update({ where: { id: row.id }, data: { status: 'canceled', cancelAtPeriodEnd: false, lastEventAt } });
  await refreshUserPlan(row.userId);
  return 'applied';
}

async function applyStripeEvent(event: Stripe.Event): Promise<Outcome> {
  const eventAt = new Date(event.created * 1000);
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return (await applyPaidInvoice(event.data.object, eventAt)) ? 'applied' : 'ignored';
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      if (invoice.id) await recordFailedPayment('stripe', invoice.id, 'The invoice payment failed');
      return 'applied';
    }
    case 'payment_intent.succeeded':
      return (await applySucceededIntent(event.data.object)) ? 'applied' : 'ignored';
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      await recordFailedPayment('stripe', intent.id, intent.last_payment_error?.message ?? 'The payment failed');
      return 'applied';
    }
    case 'customer.subscription.updated':
      return applySubscriptionUpdate(event.data.object, eventAt);
    case 'customer.subscription.deleted':
      return applySubscriptionDeleted(event.data.object, eventAt);
    default:
      return 'ignored';
  }
}

/**
 * Applies a verified event once. The event id is claimed first, so two deliveries at once apply it
 * once; if applying fails the claim is released and Stripe's retry applies it later.
 */
export async function handleStripeEvent(event: Stripe.Event): Promise<{ duplicate: boolean; outcome?: Outcome }> {
  const data = { provider: 'stripe', eventId: event.id, type: event.type, occurredAt: new Date(event.created * 1000), outcome: 'processing' };
  let claim;
  try {
    claim = await db.webhookEvent.create({ data });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A claim left 'processing' by a process that died mid-way is taken over by Stripe's retry.
    const abandoned = await db.webhookEvent.deleteMany({
      where: { provider: 'stripe', eventId: event.id, outcome: 'processing', receivedAt: { lt: new Date(Date.now() - abandonedClaimMs) } },
    });
    if (abandoned.count === 0) return { duplicate: true };
    try {
      claim = await db.webhookEvent.create({ data });
    } catch (retryError) {
      if (isUniqueViolation(retryError)) return { duplicate: true };
      throw retryError;
    }
  }
  try {
    const outcome = await applyStripeEvent(event);
    await db.webhookEvent.update({ where: { id: claim.id }, data: { outcome } });
    return { duplicate: false, outcome };
  } catch (error) {
    await db.webhookEvent.delete({ where: { id: claim.id } }).catch(() => undefined);
    throw error;
  }
}
