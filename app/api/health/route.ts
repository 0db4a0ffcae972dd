import { db } from '@/lib/db';
import { checkHealth } from '@/lib/health';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(async () => {
  const health = await checkHealth(db);
  return Response.json(health, {
    status: health.status === 'down' ? 503 : 200,
    headers: { 'Cache-Control': 'no-store' },
  });
});
