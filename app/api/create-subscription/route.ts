import { z } from 'zod';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { createSubscription } from '@/lib/payments/checkout';
import { paymentRoute } from '@/lib/payments/http';
import { readPlanOrder } from '@/lib/payments/plan-order';
import { amountSchema, planFieldSchema, requiredIntervalSchema } from '@/lib/payments/schema';

const schema = z.object({ planId: planFieldSchema('planId'), interval: requiredIntervalSchema, amount: amountSchema });

// The plans page's subscribe call: a Stripe subscription waiting for its first payment (or a demo one).
export const POST = paymentRoute(async (request) => {
  const { user } = await requireUser(db, request);
  const { order } = await readPlanOrder(request, user, schema, (body) => body.planId);
  return Response.json(await createSubscription(db, order));
});
