import { z } from 'zod';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readJson } from '@/lib/http/route';
import { publicSubscription } from '@/lib/payments/checkout';
import { paymentRoute } from '@/lib/payments/http';
import { planFieldSchema, resolvePlan } from '@/lib/payments/pricing';
import { optionalText } from '@/lib/validation/fields';
import { upgradeWithConfirmedPayment } from '@/lib/payments/upgrade';

const schema = z.object({
  planId: planFieldSchema('planId'),
  paymentMethod: optionalText('paymentMethod is at most 40 characters of text', 40),
});

// Applies a confirmed payment for the plan; without one the answer is 402 and nothing changes.
export const POST = paymentRoute(async (request) => {
  const { user } = await requireUser(db, request);
  const body = await readJson(request, schema);
  const { message, subscription } = await upgradeWithConfirmedPayment(user.id, resolvePlan(body.planId));
  return Response.json({ message, subscription: publicSubscription(subscription) });
});
