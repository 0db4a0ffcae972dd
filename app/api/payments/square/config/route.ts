import { requireUser } from '@/lib/auth/viewer';
import { noStore, paymentRoute } from '@/lib/payments/http';
import { squarePublicConfig } from '@/lib/payments/square';
import { db } from '@/lib/db';

export const GET = paymentRoute(async (request) => {
  await requireUser(db, request);
  return Response.json(squarePublicConfig(), { headers: noStore });
});
