import { recordReferralPayment } from '@/lib/affiliate/commissions';
import { isUniqueViolation } from '@/lib/db/errors';
import type { Db } from '@/lib/db';
import { announceAccessChanged } from '@/lib/realtime/bus';
import { findPlan, planIds, type BillingInterval, type PlanId } from './plans';
import { periodEnd } from './pricing';

// The one place a plan is granted. Every path that reaches it has the provider's word that money
// arrived (a verified webhook, or a server-side retrieval of the payment), except DEMO MODE, which
// calls it with provider 'demo' and never books an affiliate commission.

export type Provider = 'stripe' | 'paypal' | 'square' | 'crypto' | 'demo';
type Purpose = 'subscription' | 'upgrade' | 'test';

export interface ConfirmedPaymentInput {
  userId: string;
  provider: Provider;
  providerRef: string;
  purpose: Purpose;
  planId: string | null;
  interval: BillingInterval | string | null;
  amountCents: number;
  currency?: string;
}

/** Records (or marks) a payment the provider confirmed. Idempotent per provider reference. */
export async function recordConfirmedPayment(db: Db, input: ConfirmedPaymentInput) {
  const data = {
    status: 'succeeded',
    confirmedAt: new Date(),
    amountCents: input.amountCents,
    failureReason: null,
  };
  const where = { provider_providerRef: { provider: input.provider, providerRef: input.providerRef } };
  const existing = await db.payment.findUnique({ where });
  if (existing) {
    if (existing.status === 'succeeded') return existing;
    return db.payment.update({ where: { id: existing.id }, data });
  }
  try {
    return await db.payment.create({
      data: {
        userId: input.userId,
        provider: input.provider,
        providerRef: input.providerRef,
        purpose: input.purpose,
        planId: input.planId,
        interval: input.interval,
        currency: (input.currency ?? 'usd').toLowerCase(),
        ...data,
      },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return db.payment.findUniqueOrThrow({ where });
  }
}

export async function recordFailedPayment(db: Db, provider: Provider, providerRef: string, reason: string) {
  await db.payment.updateMany({ where: { provider, providerRef, status: 'pending' }, data: { status: 'failed', failureReason: reason.slice(0, 500) } });
}

/** Half of every real payment goes to the referrer; the payment reference makes a replay pay once. */
export async function bookCommission(db: Db, userId: string, provider: Provider, providerRef: string, amountCents: number) {
  if (provider === 'demo' || amountCents <= 0) return null;
  return recordReferralPayment(db, userId, `${provider}:${providerRef}`, amountCents);
}

const oneOffKey = (provider: string, providerRef: string) => `${provider}:${providerRef}`;

/**
 * Grants one paid period (PayPal, Square, crypto, a Stripe one-off upgrade, a demo payment) for a
 * succeeded payment. Applying the same payment twice grants nothing more: the period is stored as
 * a Subscription keyed by the payment. Returns the subscription and whether this call applied it.
 */
export async function grantPaidPeriod(db: Db, paymentId: string) {
  const payment = await db.payment.findUniqueOrThrow({ where: { id: paymentId } });
  if (payment.status !== 'succeeded') throw new Error('Only a succeeded payment grants a plan');
  const plan = payment.planId ? findPlan(payment.planId) : undefined;
  if (!plan || payment.purpose === 'test') throw new Error('This payment is not for a plan');
  const interval = payment.interval === 'year' ? 'year' : 'month';
  const key = oneOffKey(payment.provider, payment.providerRef);
  const already = await db.subscription.findUnique({ where: { providerSubscriptionId: key } });
  if (already) return { subscription: already, applied: false };

  const now = new Date();
  // Paying again for a plan whose paid period still runs extends it rather than restarting it.
  const running = await db.subscription.findFirst({
    where: { userId: payment.userId, planId: plan.id, status: 'active', providerSubscriptionId: { contains: ':' }, currentPeriodEnd: { gt: now } },
    orderBy: { currentPeriodEnd: 'desc' },
  });
  const stillRunning = running?.currentPeriodEnd ?? now;
  const end = periodEnd(stillRunning, interval);
  let subscription;
  try {
    subscription = await db.subscription.create({
      data: {
        userId: payment.userId,
        planId: plan.id,
        interval,
        provider: payment.provider,
        providerSubscriptionId: key,
        status: 'active',
        amountCents: payment.amountCents,
        currentPeriodEnd: end,
        lastEventAt: now,
      },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { subscription: await db.subscription.findUniqueOrThrow({ where: { providerSubscriptionId: key } }), applied: false };
  }
  await refreshUserPlan(db, payment.userId);
  await bookCommission(db, payment.userId, payment.provider as Provider, payment.providerRef, payment.amountCents);
  return { subscription, applied: true };
}

/**
 * The end of every one-off plan payment, whichever provider took it (PayPal, Square, crypto, a
 * Stripe upgrade intent): record what the provider confirmed, then grant the paid period once.
 */
export async function settlePlanPayment(db: Db, input: ConfirmedPaymentInput) {
  const payment = await recordConfirmedPayment(db, input);
  await grantPaidPeriod(db, payment.id);
  return payment;
}

/** The Subscription row a one-off payment created, if it was applied. */
export function appliedSubscriptionOf(db: Db, payment: { provider: string; providerRef: string }) {
  return db.subscription.findUnique({ where: { providerSubscriptionId: oneOffKey(payment.provider, payment.providerRef) } });
}

/**
 * A subscription (Stripe, or a demo one) is paid up to `periodEndAt`. The period only moves
 * forward, so a late or replayed invoice never shortens it.
 */
export async function activateSubscription(db: Db, subscriptionId: string, periodEndAt: Date, eventAt = new Date()) {
  const current = await db.subscription.findUniqueOrThrow({ where: { id: subscriptionId } });
  const stale = current.lastEventAt !== null && eventAt < current.lastEventAt;
  const end = current.currentPeriodEnd && current.currentPeriodEnd > periodEndAt ? current.currentPeriodEnd : periodEndAt;
  // A payment event older than the newest applied state (e.g. the cancellation) only extends the paid period.
  const subscription = await db.subscription.update({
    where: { id: subscriptionId },
    data: stale ? { currentPeriodEnd: end } : { status: 'active', currentPeriodEnd: end, lastEventAt: eventAt },
  });
  await refreshUserPlan(db, current.userId);
  return subscription;
}

const planRank = (planId: string) => planIds.indexOf(planId as PlanId);
/** A one-off paid period's row is keyed `provider:paymentRef`; a Stripe subscription's by its `sub_` id. */
const renews = (row: { provider: string; providerSubscriptionId: string | null; cancelAtPeriodEnd: boolean }) =>
  row.provider === 'stripe' && Boolean(row.providerSubscriptionId) && !row.providerSubscriptionId!.includes(':') && !row.cancelAtPeriodEnd;

/**
 * The user's plan follows their subscriptions: the highest tier among the paid periods still
 * running. Access has no end date while a Stripe subscription renews (a one-off higher tier on
 * top of it lasts until the subscription's next event after that period). Without any, a paid
 * status lapses; a trial or other status set elsewhere is left alone.
 */
export async function refreshUserPlan(db: Db, userId: string) {
  await applyUserPlan(db, userId);
  // A lapse ends the user's live stream (lib/realtime/ws-server.ts re-checks their sockets).
  announceAccessChanged({ userIds: [userId] });
}

async function applyUserPlan(db: Db, userId: string) {
  const now = new Date();
  const rows = await db.subscription.findMany({ where: { userId, status: { in: ['active', 'past_due'] } } });
  const running = rows.filter((row) => row.status === 'active' && (row.currentPeriodEnd === null || row.currentPeriodEnd > now));
  const best = running.sort(
    (a, b) => planRank(b.planId) - planRank(a.planId) || (b.currentPeriodEnd?.getTime() ?? Infinity) - (a.currentPeriodEnd?.getTime() ?? Infinity),
  )[0];
  if (best) {
    const renewing = running.some(renews);
    await db.user.update({ where: { id: userId }, data: { subscriptionStatus: 'active', subscriptionTier: best.planId, subscriptionEndsAt: renewing ? null : best.currentPeriodEnd } });
    return;
  }
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { subscriptionStatus: true } });
  if (rows.some((row) => row.status === 'past_due')) {
    await db.user.update({ where: { id: userId }, data: { subscriptionStatus: 'past_due' } });
  } else if (user.subscriptionStatus === 'active' || user.subscriptionStatus === 'past_due') {
    await db.user.update({ where: { id: userId }, data: { subscriptionStatus: 'inactive', subscriptionEndsAt: null } });
  }
}
