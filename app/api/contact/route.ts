import { contactSchema } from '@/lib/auth/schemas';
import { viewerFromRequest } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { clientIp, readJson, route } from '@/lib/http/route';
import { enforceRateLimit } from '@/lib/rate-limit';
import { isAllowedOrigin } from '@/lib/realtime/origin';

const allowedOrigins = (process.env.ALLOWED_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);

/** Contact Us (spec 000 §2, §7): open to anyone past the beta gate; a signed-in sender is recorded. */
export const POST = route(async (request) => {
  // Middleware refuses foreign origins too, but a handler never relies on middleware alone (CVE-2025-29927).
  if (!isAllowedOrigin(request.headers.get('origin'), request.headers.get('host') ?? new URL(request.url).host, allowedOrigins)) {
    throw new AppError('forbidden', 'Cross-origin requests are not allowed');
  }
  const viewer = await viewerFromRequest(request);
  if (!viewer.betaPassed) throw new AppError('forbidden', 'Beta access is required. Please enter your invitation code.');
  await enforceRateLimit(`contact:${clientIp(request)}`, 20, 60 * 60 * 1000, 'Too many messages sent. Please try again in an hour.');
  const input = await readJson(request, contactSchema);
  const { id } = await db.contactMessage.create({ data: { ...input, userId: viewer.user?.id ?? null }, select: { id: true } });
  return Response.json({ success: true, id }, { status: 201 });
});
