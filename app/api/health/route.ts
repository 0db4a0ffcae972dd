import { viewerFromRequest } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { checkHealth, healthAudienceOf } from '@/lib/web/health';
import { unavailableRetryAfterSeconds } from '@/lib/http/errors';
import { cachedReadWith, hotReadKeys, hotReads } from '@/lib/web/cached-read';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// No sign-in needed; what the answer holds depends on who asks (lib/web/health.ts), each audience from its own cache entry.
export const GET = route(async (request) => {
  const audience = healthAudienceOf(await viewerFromRequest(db, request));
  return cachedReadWith(
    request,
    hotReadKeys.health(audience),
    hotReads.health,
    async () => {
      const health = await checkHealth(db, audience);
      if (health.status !== 'down') return { body: health, status: 200 };
      return { body: health, status: 503, headers: { 'Retry-After': String(unavailableRetryAfterSeconds) } };
    },
    // Monitors poll it; a caller that sends If-None-Match still gets its 304.
    'no-store',
  );
});
