import { z } from 'zod';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readJson } from '@/lib/http/route';
import { createPaymentIntent } from '@/lib/payments/checkout';
import { paymentRoute } from '@/lib/payments/http';
import { enforceLimit } from '@/lib/rate-limit/limiter';

const schema = z.object({
  amount: z.literal(29, 'The test payment is 29 USD'),
  currency: z.string({ error: 'The test payment is in USD' }).trim().toLowerCase().pipe(z.literal('usd', 'The test payment is in USD')),
});

// /stripe-test: a 29 USD payment that grants nothing.
export const POST = paymentRoute(async (request) => {
  const { user } = await requireUser(db, request);
  await readJson(request, schema);
  await enforceLimit('testPayments', user.id, 'Too many test payments. Please try again later.');
  return Response.json(await createPaymentIntent(db, user, 'test', 2900));
});
