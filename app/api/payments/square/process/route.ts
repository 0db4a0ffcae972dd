import { z } from 'zod';
import { db } from '@/lib/db';
import { requiredText } from '@/lib/validation/fields';
import { requireUser } from '@/lib/auth/viewer';
import { AppError } from '@/lib/http/errors';
import { readJson } from '@/lib/http/route';
import { PaymentProblem, paymentRoute } from '@/lib/payments/http';
import { amountSchema, intervalSchema, planFieldSchema, priceFor, resolvePlan } from '@/lib/payments/pricing';
import { processSquarePayment } from '@/lib/payments/square';
import { enforceLimit } from '@/lib/rate-limit';

const schema = z.object({
  sourceId: requiredText('sourceId is required').max(500, 'sourceId is at most 500 characters'),
  amount: amountSchema,
  currency: z.string({ error: 'Currency must be USD' }).trim().toUpperCase().pipe(z.literal('USD', 'Currency must be USD')),
  planType: planFieldSchema('planType'),
  interval: intervalSchema,
});

// The Square form reads `error` from failures, so 4xx answers carry it beside `message`.
export const POST = paymentRoute(async (request) => {
  const { user } = await requireUser(db, request);
  try {
    const body = await readJson(request, schema);
    const plan = resolvePlan(body.planType);
    const amountCents = priceFor(plan, body.interval, body.amount);
    await enforceLimit('checkout', user.id, 'Too many checkout attempts. Please try again later.');
    return Response.json(await processSquarePayment(user.id, body.sourceId, plan, body.interval, amountCents));
  } catch (error) {
    if (error instanceof AppError) throw new PaymentProblem(error.status, error.message, { error: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) });
    throw error;
  }
});
