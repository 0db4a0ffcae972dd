import { z } from 'zod';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readJson } from '@/lib/http/route';
import { createSubscription } from '@/lib/payments/checkout';
import { paymentRoute } from '@/lib/payments/http';
import { amountSchema, planFieldSchema, requiredIntervalSchema, resolvePlan } from '@/lib/payments/pricing';
import { enforceLimit } from '@/lib/rate-limit';

const schema = z.object({ planId: planFieldSchema('planId'), interval: requiredIntervalSchema, amount: amountSchema });

// The plans page's subscribe call: a Stripe subscription waiting for its first payment (or a demo one).
export const POST = paymentRoute(async (request) => {
  const { user } = await requireUser(db, request);
  const body = await readJson(request, schema);
  const plan = resolvePlan(body.planId);
  await enforceLimit('checkout', user.id, 'Too many checkout attempts. Please try again later.');
  return Response.json(await createSubscription(user, plan, body.interval, body.amount));
});
