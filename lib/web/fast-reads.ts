import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { betaGateEnabled } from '../auth/beta';
import { cookieReader } from '../http/cookies';
import { entitledSession, resolveViewer } from '../auth/viewer';
import type { Db } from '../db';
import { healthAudienceOf } from './health';
import { responseCache, type CachePolicy, type CachedResponse, type Computed } from '../cache/response-cache';
import { AppError } from '../http/errors';
import { etagMatches } from '../http/etag';
import { hotReadKeys, hotReads, revalidateAlways } from './cached-read';
import { signalsRead } from './signals-read';

// The hottest polled reads answered by server.ts before Next sees the request, when the answer is
// already cached: the same authorization as the route (a live session whose user is entitled, checked
// on every request through the session cache), the same body, ETag, status and headers. Anything else
// (signed out, not entitled, a cache miss, a query the route would read) falls through to Next, whose
// route answers it and fills the cache. A signals page is computed here on a miss too, as its route
// computes it (lib/web/signals-read.ts): every search is a miss, and Next's pipeline around the route
// was a good part of each one's time (docs/performance.md, bench:scale).

type Viewer = { userId: string };
type KeyOf = (search: string, viewer: Viewer) => string | null;

interface FastRead {
  key: KeyOf;
  /** false: anyone may read it (health, whose key is its audience's instead). */
  signedIn: boolean;
  cacheControl: string;
  /** The entry's computation on a miss, as the route would run it; null leaves the request to the route (a query it refuses). */
  miss?: (db: Db, url: URL) => { policy: CachePolicy; compute: () => Promise<Computed> } | null;
}

function signalsMiss(db: Db, url: URL) {
  try {
    return { policy: hotReads.signals, compute: signalsRead(db, url).compute };
  } catch (error) {
    // The route answers a query it refuses with its 400.
    if (error instanceof AppError) return null;
    throw error;
  }
}

const reads: Record<string, FastRead> = {
  '/api/treasury/holdings': { key: (search) => (search ? null : hotReadKeys.holdings({ limit: 100, offset: 0 })), signedIn: true, cacheControl: revalidateAlways },
  '/api/signals': { key: (search) => hotReadKeys.signals(search), signedIn: true, cacheControl: revalidateAlways, miss: signalsMiss },
  '/api/dashboard/stats': { key: () => hotReadKeys.dashboardStats(), signedIn: true, cacheControl: revalidateAlways },
  '/api/data/latest': { key: (_, viewer) => hotReadKeys.dataLatest(viewer.userId), signedIn: true, cacheControl: revalidateAlways },
  '/api/market-data': { key: () => hotReadKeys.marketData(), signedIn: true, cacheControl: revalidateAlways },
  '/api/refresh/stats': { key: (_, viewer) => hotReadKeys.refreshStats(viewer.userId), signedIn: true, cacheControl: revalidateAlways },
};

const healthPath = '/api/health';

/** What Next adds to every route handler's response (next.config.js headers, its Vary, its gzip). */
const nextHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  Vary: 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding',
};

/**
 * Whether to send `bytes` gzip-compressed, as Next's compression decides: the caller accepts gzip and
 * the body is at least 1 KiB (below that the encoding costs more than it saves).
 */
function gzipFor(request: IncomingMessage, bytes: number): boolean {
  return bytes >= 1024 && /\bgzip\b/.test(headerOf(request, 'accept-encoding') ?? '');
}

// Each cached body is encoded once, not per request.
const encoded = { gzip: new WeakMap<CachedResponse, Buffer>(), identity: new WeakMap<CachedResponse, Buffer>() };

function bytesOf(cached: CachedResponse, coding: keyof typeof encoded): Buffer {
  let body = encoded[coding].get(cached);
  if (!body) {
    body = coding === 'gzip' ? gzipSync(cached.body) : Buffer.from(cached.body);
    encoded[coding].set(cached, body);
  }
  return body;
}

async function entitledViewer(db: Db, request: IncomingMessage): Promise<Viewer | null> {
  const header = request.headers.cookie;
  if (!header) return null;
  const session = await entitledSession(db, cookieReader(header));
  return typeof session === 'string' ? null : { userId: session.userId };
}

function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt < 0 ? url : url.slice(0, queryAt);
}

function readOf(request: IncomingMessage): FastRead | undefined {
  if (request.method !== 'GET' || !request.url) return undefined;
  return reads[pathOf(request.url)];
}

function isHealthRead(request: IncomingMessage): boolean {
  return request.method === 'GET' && request.url !== undefined && pathOf(request.url) === healthPath;
}

const betaStatusPath = '/api/beta/status';

/** Whether `request` is one of the reads serveCachedRead may answer (decided without waiting). */
export function isCachedReadPath(request: IncomingMessage): boolean {
  return readOf(request) !== undefined || isHealthRead(request) || (request.method === 'GET' && request.url === betaStatusPath);
}

/** The four answers of /api/beta/status, encoded once: a few dozen bytes, sent as they are, as Next sends them. */
const betaStatusAnswers = new Map(
  [true, false].flatMap((granted) =>
    [true, false].map((gateEnabled) => {
      const bytes = Buffer.from(JSON.stringify({ granted, gateEnabled }));
      const headers = { ...nextHeaders, 'Content-Type': 'application/json', 'Content-Length': String(bytes.byteLength) };
      return [`${granted}:${gateEnabled}`, { bytes, headers }] as const;
    }),
  ),
);

/** What app/api/beta/status answers: the gate as the caller's cookies and account stand, computed per request. */
async function serveBetaStatus(db: Db, request: IncomingMessage, response: ServerResponse) {
  const viewer = await resolveViewer(db, cookieReader(request.headers.cookie));
  const answer = betaStatusAnswers.get(`${viewer.betaPassed}:${betaGateEnabled()}`)!;
  response.writeHead(200, answer.headers);
  response.end(answer.bytes);
  return true;
}

/** The health entry of the caller's audience (as app/api/health decides it): a cookie-less caller is public without a lookup. */
async function healthKey(db: Db, request: IncomingMessage): Promise<string> {
  const header = request.headers.cookie;
  return hotReadKeys.health(header ? healthAudienceOf(await resolveViewer(db, cookieReader(header))) : 'public');
}

interface Found {
  key: string;
  cacheControl: string;
  /** Its computation on a miss, when this path runs it (FastRead.miss). */
  miss?: () => ReturnType<NonNullable<FastRead['miss']>>;
}

async function keyOf(db: Db, request: IncomingMessage, url: string): Promise<Found | null> {
  if (isHealthRead(request)) return { key: await healthKey(db, request), cacheControl: 'no-store' };
  const read = readOf(request);
  if (!read) return null;
  const queryAt = url.indexOf('?');
  const search = queryAt < 0 ? '' : new URL(url, 'http://localhost').search;
  let viewer: Viewer = { userId: '' };
  if (read.signedIn) {
    const entitled = await entitledViewer(db, request);
    if (!entitled) return null;
    viewer = entitled;
  }
  const key = read.key(search, viewer);
  if (key === null) return null;
  const { miss } = read;
  return { key, cacheControl: read.cacheControl, ...(miss ? { miss: () => miss(db, new URL(url, 'http://localhost')) } : {}) };
}

/**
 * A missed entry computed here, as its route would compute and cache it; undefined leaves it to the
 * route, which also answers a computation that failed here (a 503 while the database is away) after
 * trying it again.
 */
async function computedHere(found: Found): Promise<CachedResponse | undefined> {
  try {
    const computation = found.miss?.();
    return computation ? await responseCache().get(found.key, computation.policy, computation.compute) : undefined;
  } catch (error) {
    console.error('[fast-reads] a missed entry was not computed ahead of Next; its route answers:', error instanceof Error ? error.message : error);
    return undefined;
  }
}

/** Answers `request` from the response cache and returns true, or returns false for Next to answer it. */
export async function serveCachedRead(db: Db, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  if (request.method === 'GET' && request.url === betaStatusPath) return serveBetaStatus(db, request, response);
  if (!request.url) return false;
  const found = await keyOf(db, request, request.url);
  if (!found) return false;
  const { key, cacheControl } = found;
  // While the route computes a missed or expired entry, callers wait for that one computation here, as
  // they would inside the route, instead of each going through Next's pipeline to join it: on a
  // saturated server that burst of Next requests was most of the event loop's longest stalls.
  const cached = responseCache().peek(key) ?? (await responseCache().whenComputed(key)) ?? (await computedHere(found));
  if (!cached) return false;

  const headers: Record<string, string> = { ...nextHeaders, ...cached.headers, 'Cache-Control': cacheControl, ETag: cached.etag };
  if (cached.status === 200 && etagMatches(headerOf(request, 'if-none-match'), cached.etag)) {
    response.writeHead(304, headers).end();
    return true;
  }
  const gzip = gzipFor(request, bytesOf(cached, 'identity').byteLength);
  const body = bytesOf(cached, gzip ? 'gzip' : 'identity');
  response.writeHead(cached.status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(body.byteLength), ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
  response.end(body);
  return true;
}

function headerOf(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}
