import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { noStore, paymentRoute } from '@/lib/payments/http';
import { paypalClientToken } from '@/lib/payments/paypal';

export const GET = paymentRoute(async (request) => {
  await requireUser(db, request);
  return Response.json(await paypalClientToken(), { headers: noStore });
});
