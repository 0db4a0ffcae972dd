import { requireEntitledUser } from '@/lib/auth/viewer';
import { AppError } from '@/lib/http/errors';
import { isAllowedOrigin } from '@/lib/realtime/origin';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const allowedOrigins = (process.env.ALLOWED_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);

export const crossOriginMessage = 'Cross-origin requests are not allowed';

/**
 * The caller of an /api/affiliate handler: signed in (401) and, like the /affiliate page, subscribed,
 * on a trial or holding the beta flag (403). A change sent from another site's page is refused
 * first: middleware refuses it too, but a handler never relies on middleware alone (CVE-2025-29927).
 */
export async function requireAffiliate(request: Request) {
  const host = request.headers.get('host') ?? new URL(request.url).host;
  if (unsafeMethods.has(request.method) && !isAllowedOrigin(request.headers.get('origin'), host, allowedOrigins)) {
    throw new AppError('forbidden', crossOriginMessage);
  }
  return requireEntitledUser(request);
}
