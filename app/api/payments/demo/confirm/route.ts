import { z } from 'zod';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { readJson } from '@/lib/http/route';
import { confirmDemoSubscription } from '@/lib/payments/checkout';
import { paymentRoute } from '@/lib/payments/http';
import { publicSubscription } from '@/lib/payments/schema';
import { requiredText } from '@/lib/validation/fields';

const schema = z.object({ subscriptionId: requiredText('subscriptionId is required').max(100, 'subscriptionId is at most 100 characters') });

// DEMO MODE only (no Stripe key): the checkout page's simulated payment. 404 in live mode.
export const POST = paymentRoute(async (request) => {
  const { user } = await requireUser(db, request);
  const { subscriptionId } = await readJson(request, schema);
  const subscription = await confirmDemoSubscription(db, user.id, subscriptionId);
  return Response.json({ message: 'Subscription activated (demo mode)', subscription: publicSubscription(subscription) });
});
