import { z } from 'zod';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { createPaymentIntent } from '@/lib/payments/checkout';
import { paymentRoute } from '@/lib/payments/http';
import { readPlanOrder } from '@/lib/payments/plan-order';
import { amountSchema, intervalSchema, planFieldSchema } from '@/lib/payments/schema';

const schema = z.object({ amount: amountSchema, planType: planFieldSchema('planType'), interval: intervalSchema });

// The billing page's card payment for a plan; the upgrade call afterwards applies it once confirmed.
export const POST = paymentRoute(async (request) => {
  const { user } = await requireUser(db, request);
  const { order } = await readPlanOrder(request, user, schema, (body) => body.planType);
  return Response.json(await createPaymentIntent(db, user, 'upgrade', order.amountCents, order.plan, order.interval));
});
