import { isEntitled } from '@/lib/auth/access';
import { requireEntitledUser, subscriptionRequiredMessage } from '@/lib/auth/viewer';
import { findLiveKey, recordKeyUse } from '@/lib/api-keys/service';
import { apiRateLimitFor, apiRateWindowSeconds } from '@/lib/api-keys/limits';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { getRateLimiter } from '@/lib/rate-limit/limiter';

// Who may call /api/v1, checked on every request against the database: a personal key
// (`Authorization: Bearer …`) or the browser's session. Either way the owner must be entitled now,
// by the rules of requireEntitledUser, and the answer carries the RateLimit-* headers of the
// caller's plan. This is the only place that accepts a key: every other route reads the session.

const invalidKeyMessage = 'The API key is not valid. It may have been revoked or have expired.';

export interface V1Access {
  userId: string;
  keyId: string | null;
  rateHeaders: Record<string, string>;
  /** Resolves once the key's use is recorded (last used, count). */
  recorded: Promise<void>;
}

function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization');
  if (header === null) return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  // The token is never echoed: not in the message, not in a log.
  if (!match) throw new AppError('unauthorized', 'Send the key as: Authorization: Bearer <key>', undefined, { 'WWW-Authenticate': 'Bearer' });
  return match[1]!;
}

async function countRequest(bucket: string, limit: number): Promise<Record<string, string>> {
  const windowSeconds = apiRateWindowSeconds();
  const result = await getRateLimiter().hit(`api-v1:${bucket}`, limit, windowSeconds * 1000);
  const reset = Math.max(1, Math.ceil(result.resetMs / 1000));
  const headers = { 'RateLimit-Limit': String(limit), 'RateLimit-Remaining': String(result.remaining), 'RateLimit-Reset': String(reset) };
  if (!result.allowed) {
    throw new AppError('rate_limited', `Rate limit reached: ${limit} requests per ${windowSeconds} seconds. Try again in ${reset} seconds.`, undefined, { ...headers, 'Retry-After': String(reset) });
  }
  return headers;
}

export async function authorizeV1(db: Db, request: Request): Promise<V1Access> {
  const token = bearerToken(request);
  if (token === null) {
    const { user } = await requireEntitledUser(db, request);
    return { userId: user.id, keyId: null, rateHeaders: await countRequest(`user:${user.id}`, apiRateLimitFor(user)), recorded: Promise.resolve() };
  }
  const now = new Date();
  const key = await findLiveKey(db, token, now);
  if (!key) throw new AppError('unauthorized', invalidKeyMessage, undefined, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
  if (!isEntitled(key.user, now)) throw new AppError('forbidden', subscriptionRequiredMessage);
  const rateHeaders = await countRequest(`key:${key.id}`, apiRateLimitFor(key.user));
  const recorded = recordKeyUse(db, key.id, now).catch((error: unknown) => console.error('[api-v1] could not record key use', error instanceof Error ? error.message : 'unknown error'));
  return { userId: key.user.id, keyId: key.id, rateHeaders, recorded };
}
