import { z } from 'zod';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { PaymentProblem, paymentRoute } from '@/lib/payments/http';
import { readPlanOrder } from '@/lib/payments/plan-order';
import { amountSchema, intervalSchema, planFieldSchema } from '@/lib/payments/schema';
import { processSquarePayment } from '@/lib/payments/square';
import { requiredText } from '@/lib/validation/fields';

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
    const { order, body } = await readPlanOrder(request, user, schema, (fields) => fields.planType);
    return Response.json(await processSquarePayment(db, order, body.sourceId));
  } catch (error) {
    if (error instanceof AppError) throw new PaymentProblem(error.status, error.message, { error: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) });
    throw error;
  }
});
