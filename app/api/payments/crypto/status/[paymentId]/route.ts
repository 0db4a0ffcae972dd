import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { cryptoPaymentStatus } from '@/lib/payments/crypto/payments';
import { noStore, notFound, paymentRoute } from '@/lib/payments/http';

export const GET = paymentRoute<{ params: Promise<{ paymentId: string }> }>(async (request, { params }) => {
  const { user } = await requireUser(db, request);
  const { paymentId } = await params;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(paymentId)) throw notFound();
  return Response.json(await cryptoPaymentStatus(db, user.id, paymentId), { headers: noStore });
});
