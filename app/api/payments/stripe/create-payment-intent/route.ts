import { z } from 'zod';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readJson } from '@/lib/http/route';
import { createPaymentIntent } from '@/lib/payments/checkout';
import { paymentRoute } from '@/lib/payments/http';
import { amountSchema, intervalSchema, planFieldSchema, priceFor, resolvePlan } from '@/lib/payments/pricing';
import { enforceLimit } from '@/lib/rate-limit';

const schema = z.object({ amount: amountSchema, planType: planFieldSchema('planType'), interval: intervalSchema });

// The billing page's card payment for a plan; the upgrade call afterwards applies it once confirmed.
export const POST = paymentRoute(async (request) => {
  const { user } = await requireUser(db, request);
  const body = await readJson(request, schema);
  const plan = resolvePlan(body.planType);
  const amountCents = priceFor(plan, body.interval, body.amount);
  await enforceLimit('checkout', user.id, 'Too many checkout attempts. Please try again later.');
  return Response.json(await createPaymentIntent(user, 'upgrade', amountCents, plan, body.interval));
});
