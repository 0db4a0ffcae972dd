import type { Computed } from '../cache/response-cache';
import type { Db } from '../db';
import { AppError } from '../http/errors';
import { readSearchParams } from '../http/query';
import { signalsQuerySchema } from '../signals/schema';
import { decodeCursor, listSignals } from '../signals/repository';
import { hotReadKeys } from './cached-read';

/**
 * GET /api/signals for `url` (its path and query): the response-cache key and the computation of the
 * page, shared by the route and by server.ts's fast path (lib/web/fast-reads.ts), which computes a
 * page nobody has cached yet (each search is one) without Next's pipeline. Throws the route's 400 for
 * a query or cursor it refuses. The body is the array the spec's client reads; the next page's cursor
 * is in `X-Next-Cursor` (and `Link`).
 */
export function signalsRead(db: Db, url: URL): { key: string; compute: () => Promise<Computed> } {
  const { cursor: rawCursor, ...query } = readSearchParams(url.searchParams, signalsQuerySchema);
  const cursor = rawCursor ? decodeCursor(rawCursor) : undefined;
  if (cursor === null) throw new AppError('validation_failed', 'cursor is not valid; use the X-Next-Cursor value of the previous page', { cursor: ['invalid cursor'] });
  const compute = async (): Promise<Computed> => {
    const { signals, nextCursor } = await listSignals(db, { ...query, cursor });
    const headers: Record<string, string> = {};
    if (nextCursor) {
      const next = new URL(url);
      next.searchParams.set('cursor', nextCursor);
      headers['X-Next-Cursor'] = nextCursor;
      headers.Link = `<${next.pathname}${next.search}>; rel="next"`;
    }
    return { body: signals, headers };
  };
  return { key: hotReadKeys.signals(url.search), compute };
}
