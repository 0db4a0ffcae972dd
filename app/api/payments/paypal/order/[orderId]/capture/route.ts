import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { notFound, paymentRoute } from '@/lib/payments/http';
import { capturePaypalOrder } from '@/lib/payments/paypal';

// Answers PayPal's capture result as is; the plan is activated only for a COMPLETED capture.
export const POST = paymentRoute<{ params: Promise<{ orderId: string }> }>(async (request, { params }) => {
  const { user } = await requireUser(db, request);
  const { orderId } = await params;
  if (!/^[A-Za-z0-9-]{1,64}$/.test(orderId)) throw notFound('Order not found');
  return Response.json(await capturePaypalOrder(db, user.id, orderId));
});
