import type { Db } from '@/lib/db';
import { grantPaidPeriod, recordConfirmedPayment } from './activation';
import { readPaymentsConfig } from './config';
import { PaymentProblem } from './http';
import type { Plan } from './plans';
import { callStripe, stripeClient } from './stripe';
import { applySucceededIntent } from './stripe-payments';

// The billing page's "upgrade" call after a payment: it grants only what a confirmed payment for
// that plan bought. A payment already applied (by the webhook or a capture) answers success while
// the period it bought is the one running, and never grants a second period.

export async function upgradeWithConfirmedPayment(db: Db, userId: string, plan: Plan) {
  const message = `Subscription upgraded to ${plan.tierName}`;
  const config = readPaymentsConfig();
  const payments = () =>
    db.payment.findMany({ where: { userId, planId: plan.id, purpose: 'upgrade', status: 'succeeded' }, orderBy: { confirmedAt: 'desc' }, take: 20 });

  let confirmed = await payments();
  // The webhook may not have arrived yet: ask the provider about the caller's pending card payments.
  const pending = await db.payment.findMany({
    where: { userId, planId: plan.id, purpose: 'upgrade', status: 'pending', provider: { in: ['stripe', 'demo'] }, createdAt: { gt: new Date(Date.now() - 24 * 60 * 60 * 1000) } },
    orderBy: { createdAt: 'desc' },
    take: 3,
  });
  for (const payment of pending) {
    if (payment.provider === 'demo') {
      // DEMO MODE: the billing page's simulated card payment counts as paid.
      if (!config.demoMode) continue;
      await recordConfirmedPayment(db, { ...payment, provider: 'demo', purpose: 'upgrade' });
    } else if (config.stripe.secretKey) {
      const stripe = stripeClient(config);
      const intent = await callStripe(() => stripe.paymentIntents.retrieve(payment.providerRef));
      if (intent.status === 'succeeded') await applySucceededIntent(db, intent);
    }
  }
  if (pending.length) confirmed = await payments();

  for (const payment of confirmed) {
    const { applied, subscription } = await grantPaidPeriod(db, payment.id);
    if (applied) return { message, subscription };
    const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
    const running = subscription.status === 'active' && subscription.currentPeriodEnd !== null && subscription.currentPeriodEnd > new Date();
    if (running && user.subscriptionStatus === 'active' && user.subscriptionTier === plan.id) return { message, subscription };
  }
  const stillPending = await db.payment.count({ where: { userId, planId: plan.id, purpose: 'upgrade', status: 'pending' } });
  throw new PaymentProblem(
    402,
    stillPending
      ? `Your payment for the ${plan.tierName} plan has not been confirmed yet. Please try again in a moment.`
      : `No confirmed payment for the ${plan.tierName} plan was found. Please complete the payment first.`,
  );
}


