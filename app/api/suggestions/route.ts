import { suggestionSchema } from '@/lib/auth/schemas';
import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { readJson, route } from '@/lib/http/route';
import { enforceRateLimit } from '@/lib/rate-limit';
import { isAllowedOrigin } from '@/lib/realtime/origin';

const allowedOrigins = (process.env.ALLOWED_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);

/** Feature Suggestions (spec 000 §2, §7): subscribed or beta users only, like the /suggestions page. */
export const POST = route(async (request) => {
  // Middleware refuses foreign origins too, but a handler never relies on middleware alone (CVE-2025-29927).
  if (!isAllowedOrigin(request.headers.get('origin'), request.headers.get('host') ?? new URL(request.url).host, allowedOrigins)) {
    throw new AppError('forbidden', 'Cross-origin requests are not allowed');
  }
  const { user } = await requireEntitledUser(request);
  await enforceRateLimit(`suggestion:${user.id}`, 20, 60 * 60 * 1000, 'Too many suggestions submitted. Please try again in an hour.');
  const input = await readJson(request, suggestionSchema);
  const { id } = await db.suggestion.create({ data: { ...input, email: input.email ?? null, userId: user.id }, select: { id: true } });
  return Response.json({ success: true, id }, { status: 201 });
});
