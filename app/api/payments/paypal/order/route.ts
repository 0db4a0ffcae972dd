import { z } from 'zod';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { paymentRoute } from '@/lib/payments/http';
import { createPaypalOrder } from '@/lib/payments/paypal';
import { readPlanOrder } from '@/lib/payments/plan-order';
import { amountSchema, intervalSchema, planFieldSchema } from '@/lib/payments/schema';

const schema = z.object({
  amount: amountSchema,
  currency: z.string({ error: 'Currency must be USD' }).trim().toUpperCase().pipe(z.literal('USD', 'Currency must be USD')),
  intent: z.string({ error: 'Intent must be CAPTURE' }).trim().toUpperCase().pipe(z.literal('CAPTURE', 'Intent must be CAPTURE')),
  planType: planFieldSchema('planType'),
  interval: intervalSchema,
});

export const POST = paymentRoute(async (request) => {
  const { user } = await requireUser(db, request);
  const { order } = await readPlanOrder(request, user, schema, (body) => body.planType);
  return Response.json(await createPaypalOrder(db, order));
});
