import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { cachedReadWith, hotReadKeys, hotReads } from '@/lib/web/cached-read';
import { AppError } from '@/lib/http/errors';
import { readQuery } from '@/lib/http/query';
import { route } from '@/lib/http/route';
import { signalsQuerySchema } from '@/lib/signals/schema';
import { decodeCursor, listSignals } from '@/lib/signals/repository';

export const dynamic = 'force-dynamic';

/**
 * Signals, newest first (spec 001 §7; the client polls `?severity=critical` every 10 s). The body
 * is the array the spec's client reads; the next page's cursor is in `X-Next-Cursor` (and `Link`).
 */
export const GET = route(async (request) => {
  await requireEntitledUser(db, request);
  const { cursor: rawCursor, ...query } = readQuery(request, signalsQuerySchema);
  const cursor = rawCursor ? decodeCursor(rawCursor) : undefined;
  if (cursor === null) throw new AppError('validation_failed', 'cursor is not valid; use the X-Next-Cursor value of the previous page', { cursor: ['invalid cursor'] });
  return cachedReadWith(request, hotReadKeys.signals(new URL(request.url).search), hotReads.signals, async () => {
    const { signals, nextCursor } = await listSignals(db, { ...query, cursor });
    const headers: Record<string, string> = {};
    if (nextCursor) {
      const next = new URL(request.url);
      next.searchParams.set('cursor', nextCursor);
      headers['X-Next-Cursor'] = nextCursor;
      headers.Link = `<${next.pathname}${next.search}>; rel="next"`;
    }
    return { body: signals, headers };
  });
});
