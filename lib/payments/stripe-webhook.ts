import { isUniqueViolation } from '@/lib/db/errors';
import type { Db } from '@/lib/db';
import { recordFailedPayment, refreshUserPlan } from './activation';
import { findPlan } from './plans';
import { planIdOfProduct, type Stripe } from './stripe';
import { applyPaidInvoice, applySucceededIntent } from './stripe-payments';

// Stripe's events, verified by the route before they reach here. Each event id is stored once
// (WebhookEvent), so a replay changes nothing; every subscription change carries the event's time
// and an event older than the newest one applied (Subscription.lastEventAt) leaves state alone.

type Outcome = 'applied' | 'ignored';

const abandonedClaimMs = 5 * 60 * 1000;

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

async function applySubscriptionUpdate(db: Db, remote: Stripe.Subscription, eventAt: Date): Promise<Outcome> {
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
  await refreshUserPlan(db, row.userId);
  return 'applied';
}

async function applySubscriptionDeleted(db: Db, remote: Stripe.Subscription, eventAt: Date): Promise<Outcome> {
  const row = await db.subscription.findUnique({ where: { providerSubscriptionId: remote.id } });
  if (!row) return 'ignored';
  // Deletion is final at Stripe: no later event can revive the subscription, so it applies even if late.
  const lastEventAt = row.lastEventAt && row.lastEventAt > eventAt ? row.lastEventAt : eventAt;
  await db.subscription.update({ where: { id: row.id }, data: { status: 'canceled', cancelAtPeriodEnd: false, lastEventAt } });
  await refreshUserPlan(db, row.userId);
  return 'applied';
}

async function applyStripeEvent(db: Db, event: Stripe.Event): Promise<Outcome> {
  const eventAt = new Date(event.created * 1000);
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return (await applyPaidInvoice(db, event.data.object, eventAt)) ? 'applied' : 'ignored';
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      if (invoice.id) await recordFailedPayment(db, 'stripe', invoice.id, 'The invoice payment failed');
      return 'applied';
    }
    case 'payment_intent.succeeded':
      return (await applySucceededIntent(db, event.data.object)) ? 'applied' : 'ignored';
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      await recordFailedPayment(db, 'stripe', intent.id, intent.last_payment_error?.message ?? 'The payment failed');
      return 'applied';
    }
    case 'customer.subscription.updated':
      return applySubscriptionUpdate(db, event.data.object, eventAt);
    case 'customer.subscription.deleted':
      return applySubscriptionDeleted(db, event.data.object, eventAt);
    default:
      return 'ignored';
  }
}

/**
 * Applies a verified event once. The event id is claimed first, so two deliveries at once apply it
 * once; if applying fails the claim is released and Stripe's retry applies it later.
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event): Promise<{ duplicate: boolean; outcome?: Outcome }> {
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
    const outcome = await applyStripeEvent(db, event);
    await db.webhookEvent.update({ where: { id: claim.id }, data: { outcome } });
    return { duplicate: false, outcome };
  } catch (error) {
    await db.webhookEvent.delete({ where: { id: claim.id } }).catch(() => undefined);
    throw error;
  }
}
