import { etagMatches } from '../http/etag';
import { responseCache, type CachePolicy, type CachedResponse, type Computed } from '../cache/response-cache';
import type { HealthAudience } from './health';

// The dashboard's polled reads: the body comes from the response cache (lib/cache/response-cache.ts),
// and a poller that sends back the ETag it holds gets `304 Not Modified` without a body. Authorization
// happens in the route before this is called, on every request.

const second = 1000;

/**
 * What each hot read is computed from, and how long a body may serve when no write touches it. The
 * TTLs bound what moves with the clock alone: "the last 30 days" windows, the latest price at or before
 * now, a source's age, the UTC day of the refresh allowance.
 */
export const hotReads = {
  holdings: { tables: ['Company', 'CompanyMetric', 'Signal', 'MarketPrice'], ttlMs: 5 * second },
  signals: { tables: ['Signal', 'Company'], ttlMs: 5 * second },
  dashboardStats: { tables: ['Company', 'CompanyMetric', 'Signal', 'MarketPrice'], ttlMs: 5 * second },
  dataLatest: { tables: ['DataSource', 'Signal', 'CompanyMetric', 'RefreshLog'], ttlMs: 5 * second },
  marketData: { tables: ['MarketPrice'], ttlMs: 5 * second },
  refreshStats: { tables: ['RefreshLog'], ttlMs: 5 * second },
  // Its timestamp, uptime and ages move every second; the database and bus checks run at most once a second.
  health: { tables: ['DataSource'], ttlMs: 1 * second },
} as const satisfies Record<string, CachePolicy>;

/** The cache key of each hot read: the routes and the fast path in server.ts (lib/web/fast-reads.ts) share them. */
export const hotReadKeys = {
  holdings: (page: { limit: number; offset: number }) => `holdings:${page.limit}:${page.offset}`,
  // The Link header repeats the request's own query string, so that string is the key.
  signals: (search: string) => `signals:${search}`,
  dashboardStats: () => 'dashboard-stats',
  // Per user: the body carries the user's own refresh allowance.
  dataLatest: (userId: string) => `data-latest:${userId}`,
  marketData: () => 'market-data',
  refreshStats: (userId: string) => `refresh-stats:${userId}`,
  // One entry per audience (lib/web/health.ts): public, signed-in and admin answers never share a body.
  health: (audience: HealthAudience) => `health:${audience}`,
};

/** Polled reads revalidate every time: the browser keeps the body and asks with If-None-Match. */
export const revalidateAlways = 'private, no-cache';

/** The cached body as a Response: 304 when the caller already holds it. */
function cachedResponse(request: Request, cached: CachedResponse, cacheControl = revalidateAlways): Response {
  const headers: Record<string, string> = { ...cached.headers, ETag: cached.etag, 'Cache-Control': cacheControl };
  if (cached.status === 200 && etagMatches(request.headers.get('if-none-match'), cached.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(cached.body, { status: cached.status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** One hot read: its cache key, the tables and age that bound it, and how its body is computed. */
export interface HotRead<T> {
  key: string;
  policy: CachePolicy;
  compute: () => Promise<T>;
}

/** Answers `read` from the cache (computing on a miss), with ETag and 304. */
export async function cachedRead(request: Request, read: HotRead<unknown>, cacheControl?: string): Promise<Response> {
  return cachedResponse(request, await responseCache().get(read.key, read.policy, async () => ({ body: await read.compute() })), cacheControl);
}

/** What `read`'s route sends, from the same cache entry: a page's first paint shows what its polls will get. */
export async function cachedValue<T>(read: HotRead<T>): Promise<T> {
  const cached = await responseCache().get(read.key, read.policy, async () => ({ body: await read.compute() }));
  return JSON.parse(cached.body) as T;
}

/** Like cachedRead, for a compute that also chooses the status and extra headers. */
export async function cachedReadWith(request: Request, key: string, policy: CachePolicy, compute: () => Promise<Computed>, cacheControl?: string): Promise<Response> {
  return cachedResponse(request, await responseCache().get(key, policy, compute), cacheControl);
}
