import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { noStore, paymentRoute } from '@/lib/payments/http';
import { squarePublicConfig } from '@/lib/payments/square';

export const GET = paymentRoute(async (request) => {
  await requireUser(db, request);
  return Response.json(squarePublicConfig(), { headers: noStore });
});
