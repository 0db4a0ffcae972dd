import { z } from 'zod';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readJson } from '@/lib/http/route';
import { createCryptoPayment } from '@/lib/payments/crypto/payments';
import { paymentRoute } from '@/lib/payments/http';
import { resolvePlan } from '@/lib/payments/pricing';
import { intervalSchema, planFieldSchema } from '@/lib/payments/schema';
import { enforceLimit } from '@/lib/rate-limit/limiter';

// userEmail is accepted for the page's sake and ignored: the payer is the session's user.
const schema = z.object({
  amount: z.coerce.number({ error: 'Amount must be a number' }).refine(Number.isFinite, 'Amount must be a number').positive('Amount must be positive'),
  currency: z.string({ error: 'Currency must be BTC or ETH' }).trim().toUpperCase().pipe(z.enum(['BTC', 'ETH'], 'Currency must be BTC or ETH')),
  planType: planFieldSchema('planType'),
  userEmail: z.string({ error: 'userEmail must be text' }).optional(),
  interval: intervalSchema,
});

export const POST = paymentRoute(async (request) => {
  const { user } = await requireUser(db, request);
  const body = await readJson(request, schema);
  const plan = resolvePlan(body.planType);
  await enforceLimit('cryptoPayments', user.id, 'Too many crypto payments created. Please try again later.');
  return Response.json(await createCryptoPayment(db, user.id, plan, body.interval, body.currency, body.amount), { status: 201 });
});
