import { z } from 'zod';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readJson } from '@/lib/http/route';
import { paymentRoute } from '@/lib/payments/http';
import { createPaypalOrder } from '@/lib/payments/paypal';
import { amountSchema, intervalSchema, planFieldSchema, priceFor, resolvePlan } from '@/lib/payments/pricing';
import { enforceLimit } from '@/lib/rate-limit';

const schema = z.object({
  amount: amountSchema,
  currency: z.string({ error: 'Currency must be USD' }).trim().toUpperCase().pipe(z.literal('USD', 'Currency must be USD')),
  intent: z.string({ error: 'Intent must be CAPTURE' }).trim().toUpperCase().pipe(z.literal('CAPTURE', 'Intent must be CAPTURE')),
  planType: planFieldSchema('planType'),
  interval: intervalSchema,
});

export const POST = paymentRoute(async (request) => {
  const { user } = await requireUser(db, request);
  const body = await readJson(request, schema);
  const plan = resolvePlan(body.planType);
  const amountCents = priceFor(plan, body.interval, body.amount);
  await enforceLimit('checkout', user.id, 'Too many checkout attempts. Please try again later.');
  return Response.json(await createPaypalOrder(user.id, plan, body.interval, amountCents));
});
