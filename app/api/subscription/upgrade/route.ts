import { z } from 'zod';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readJson } from '@/lib/http/route';
import { paymentRoute } from '@/lib/payments/http';
import { resolvePlan } from '@/lib/payments/pricing';
import { planFieldSchema, publicSubscription } from '@/lib/payments/schema';
import { upgradeWithConfirmedPayment } from '@/lib/payments/upgrade';
import { optionalText } from '@/lib/validation/fields';

const schema = z.object({
  planId: planFieldSchema('planId'),
  paymentMethod: optionalText('paymentMethod is at most 40 characters of text', 40),
});

// Applies a confirmed payment for the plan; without one the answer is 402 and nothing changes.
export const POST = paymentRoute(async (request) => {
  const { user } = await requireUser(db, request);
  const body = await readJson(request, schema);
  const { message, subscription } = await upgradeWithConfirmedPayment(db, user.id, resolvePlan(body.planId));
  return Response.json({ message, subscription: publicSubscription(subscription) });
});
