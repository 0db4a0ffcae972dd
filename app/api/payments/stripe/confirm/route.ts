import { z } from 'zod';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readJson } from '@/lib/http/route';
import { confirmStripePayment } from '@/lib/payments/checkout';
import { paymentRoute } from '@/lib/payments/http';

const schema = z.object({ paymentIntentId: z.string({ error: 'paymentIntentId is invalid' }).trim().regex(/^[A-Za-z0-9_]{3,200}$/, 'paymentIntentId is invalid') });

// /payment-success and the billing page: the server asks Stripe what became of the payment.
export const POST = paymentRoute(async (request) => {
  const { user } = await requireUser(db, request);
  const { paymentIntentId } = await readJson(request, schema);
  return Response.json(await confirmStripePayment(db, user, paymentIntentId));
});
