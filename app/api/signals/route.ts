import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { cachedReadWith, hotReads } from '@/lib/web/cached-read';
import { route } from '@/lib/http/route';
import { signalsRead } from '@/lib/web/signals-read';

export const dynamic = 'force-dynamic';

/**
 * Signals, newest first (spec 001 §7; the client polls `?severity=critical` every 10 s): a page and its
 * cursor as lib/web/signals-read.ts computes them, from the response cache.
 */
export const GET = route(async (request) => {
  await requireEntitledUser(db, request);
  const { key, compute } = signalsRead(db, new URL(request.url));
  return cachedReadWith(request, key, hotReads.signals, compute);
});
