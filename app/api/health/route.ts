import { db } from '@/lib/db';
import { checkHealth } from '@/lib/health';
import { cachedReadWith, hotReadKeys, hotReads } from '@/lib/http/cached-read';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(async (request) =>
  cachedReadWith(
    request,
    hotReadKeys.health(),
    hotReads.health,
    async () => {
      const health = await checkHealth(db);
      return { body: health, status: health.status === 'down' ? 503 : 200 };
    },
    // Monitors poll it; a caller that sends If-None-Match still gets its 304.
    'no-store',
  ),
);
