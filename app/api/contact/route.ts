import { contactSchema } from '@/lib/feedback/schema';
import { viewerFromRequest } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { clientIp, readJson, route } from '@/lib/http/route';
import { enforceLimit } from '@/lib/rate-limit/limiter';


/** Contact Us (spec 000 §2, §7): open to anyone past the beta gate; a signed-in sender is recorded. */
export const POST = route(async (request) => {
  const viewer = await viewerFromRequest(db, request);
  if (!viewer.betaPassed) throw new AppError('forbidden', 'Beta access is required. Please enter your invitation code.');
  await enforceLimit('contact', clientIp(request), 'Too many messages sent. Please try again in an hour.');
  const input = await readJson(request, contactSchema);
  const { id } = await db.contactMessage.create({ data: { ...input, userId: viewer.user?.id ?? null }, select: { id: true } });
  return Response.json({ success: true, id }, { status: 201 });
});
