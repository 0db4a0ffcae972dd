import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { setAdminRole } from '@/lib/auth/admin';
import { db } from '@/lib/db';
import { responseCache } from '@/lib/cache/response-cache';
import { hotReadKeys, hotReads } from '@/lib/web/cached-read';
import { serveCachedRead } from '@/lib/web/fast-reads';
import { resetToSeed } from '@/test/support/database';
import { call, CookieJar } from '@/test/support/http';
import { registeredUser } from '@/test/support/users';
import { GET as betaStatus } from './beta/status/route';
import { GET as dashboardStats } from './dashboard/stats/route';
import { GET as refreshStats } from './refresh/stats/route';
import { GET as signals } from './signals/route';
import { GET as holdings } from './treasury/holdings/route';

// Issue 15 (stretch): server.ts answers a cached hot read before Next, with the route's authorization
// and bytes; whatever it cannot answer falls through (here: to a stand-in that says so).

let analyst: CookieJar;
let base: string;
let server: http.Server;

beforeAll(async () => {
  await resetToSeed();
  ({ jar: analyst } = await registeredUser(true));
  // As server.ts: what it does not answer, or fails to, goes on (here: to a stand-in that says so).
  server = http.createServer((request, response) => {
    const fallThrough = () => response.writeHead(599).end('fell through');
    void serveCachedRead(db, request, response).then((served) => served || fallThrough(), fallThrough);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const get = (path: string, jar?: CookieJar, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { ...(jar ? { cookie: jar.header() } : {}), ...headers } });

it('answers a cached read with the route’s bytes, ETag and headers, and 304 for the current ETag', async () => {
  const fromRoute = await call(signals, '/api/signals?severity=critical', { jar: analyst });
  const fast = await get('/api/signals?severity=critical', analyst, { 'accept-encoding': 'identity' });
  expect(fast.status).toBe(200);
  expect(await fast.text()).toBe(fromRoute.text);
  expect(fast.headers.get('etag')).toBe(fromRoute.headers.get('etag'));
  expect(fast.headers.get('cache-control')).toBe('private, no-cache');
  expect(fast.headers.get('content-type')).toBe('application/json');
  expect(fast.headers.get('x-content-type-options')).toBe('nosniff');
  const notModified = await get('/api/signals?severity=critical', analyst, { 'if-none-match': fromRoute.headers.get('etag')! });
  expect(notModified.status).toBe(304);
});

it('gzips for a caller that accepts it', async () => {
  const fromRoute = await call(holdings, '/api/treasury/holdings', { jar: analyst });
  const response = await new Promise<http.IncomingMessage>((resolve) =>
    http.get(`${base}/api/treasury/holdings`, { headers: { cookie: analyst.header(), 'accept-encoding': 'gzip' } }, resolve),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  expect(response.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(Buffer.concat(chunks)).toString()).toBe(fromRoute.text);
});

it('leaves to Next what it cannot answer: signed out, not entitled, not cached, another method', async () => {
  const { jar: unentitled } = await registeredUser(false);
  await call(dashboardStats, '/api/dashboard/stats', { jar: analyst });
  expect((await get('/api/dashboard/stats')).status).toBe(599);
  expect((await get('/api/dashboard/stats', unentitled)).status).toBe(599);
  expect((await get('/api/treasury/holdings?limit=3', analyst)).status).toBe(599);
  expect((await get('/api/companies', analyst)).status).toBe(599);
  expect((await fetch(`${base}/api/dashboard/stats`, { method: 'POST', headers: { cookie: analyst.header() } })).status).toBe(599);
  // Cached again (the steps above may outlast the entry's 5 s on a busy machine): answered here.
  await call(dashboardStats, '/api/dashboard/stats', { jar: analyst });
  expect((await get('/api/dashboard/stats', analyst)).status).toBe(200);
});

it('answers each user their own per-user read', async () => {
  const { jar: other } = await registeredUser(true);
  const mine = await call(refreshStats, '/api/refresh/stats', { jar: analyst });
  expect((await get('/api/refresh/stats', other)).status).toBe(599);
  expect(await (await get('/api/refresh/stats', analyst)).text()).toBe(mine.text);
});

it('stops answering at once after a write, a sign-out or a lost entitlement', async () => {
  const { jar, id } = await registeredUser(true);
  await call(dashboardStats, '/api/dashboard/stats', { jar });
  expect((await get('/api/dashboard/stats', jar)).status).toBe(200);
  await db.signal.create({
    data: { sourceId: `fast-${Date.now()}`, companyName: 'Fast Corp', description: 'Changes the stats', source: 'test', detectedAt: new Date(), confidence: 50, signalType: 'other', severity: 'low' },
  });
  expect((await get('/api/dashboard/stats', jar)).status).toBe(599);
  await call(dashboardStats, '/api/dashboard/stats', { jar });
  expect((await get('/api/dashboard/stats', jar)).status).toBe(200);
  await db.user.update({ where: { id }, data: { betaAccess: false } });
  expect((await get('/api/dashboard/stats', jar)).status).toBe(599);
  await db.user.update({ where: { id }, data: { betaAccess: true } });
  expect((await get('/api/dashboard/stats', jar)).status).toBe(200);
  await db.session.updateMany({ where: { userId: id }, data: { revokedAt: new Date() } });
  expect((await get('/api/dashboard/stats', jar)).status).toBe(599);
});

it('waits for the route’s computation of a missed entry instead of sending each caller to Next', async () => {
  const key = hotReadKeys.dashboardStats();
  responseCache().invalidate(['Company']);
  expect((await get('/api/dashboard/stats', analyst)).status).toBe(599);
  let release!: () => void;
  // What the route does on a miss: one computation that concurrent callers join.
  const computing = responseCache().get(key, hotReads.dashboardStats, async () => {
    await new Promise<void>((resolve) => (release = resolve));
    return { body: { joined: true } };
  });
  const waiting = get('/api/dashboard/stats', analyst, { 'accept-encoding': 'identity' });
  await new Promise((resolve) => setTimeout(resolve, 50));
  release();
  const answered = await waiting;
  expect(answered.status).toBe(200);
  expect(await answered.text()).toBe('{"joined":true}');
  expect(answered.headers.get('etag')).toBe((await computing).etag);
  // Not for a caller the route would refuse.
  responseCache().invalidate(['Company']);
  const again = responseCache().get(key, hotReads.dashboardStats, async () => {
    await new Promise<void>((resolve) => (release = resolve));
    return { body: { joined: true } };
  });
  const signedOut = get('/api/dashboard/stats');
  expect((await signedOut).status).toBe(599);
  release();
  await again;
  responseCache().invalidate(['Company']);
});

it('answers /api/beta/status as the route does, for anyone', async () => {
  const { jar: unentitled } = await registeredUser(false);
  for (const jar of [analyst, unentitled, undefined]) {
    const fromRoute = await call(betaStatus, '/api/beta/status', jar ? { jar } : {});
    const fast = await get('/api/beta/status', jar, { 'accept-encoding': 'identity' });
    expect(fast.status).toBe(200);
    expect(await fast.text()).toBe(fromRoute.text);
    expect(fast.headers.get('content-type')).toBe('application/json');
  }
});

it('answers /api/health from the entry of the caller’s audience: public, signed in or admin (issue 27)', async () => {
  const admin = await registeredUser(true, 'fast-admin');
  await setAdminRole(db, admin.email, true);
  for (const [audience, jar] of [['public', undefined], ['member', analyst], ['admin', admin.jar]] as const) {
    responseCache().invalidate(['DataSource']);
    let release!: () => void;
    // Each audience's entry is being computed; the fast path must join that one, not another's.
    const computing = responseCache().get(hotReadKeys.health(audience), hotReads.health, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { body: { audience } };
    });
    const waiting = get('/api/health', jar, { 'accept-encoding': 'identity' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const answered = await waiting;
    expect(answered.status).toBe(200);
    expect(answered.headers.get('cache-control')).toBe('no-store');
    expect(await answered.json()).toEqual({ audience });
    await computing;
  }
  responseCache().invalidate(['DataSource']);
});

it('computes a signals page nobody has cached (each search is one) as the route does: bytes, ETag, cursor and Link', async () => {
  const path = '/api/signals?limit=2&q=bitcoin';
  responseCache().invalidate(['Signal']);
  const fast = await get(path, analyst, { 'accept-encoding': 'identity' });
  expect(fast.status).toBe(200);
  const fastText = await fast.text();
  expect(JSON.parse(fastText)).toHaveLength(2);
  // The route's own computation of the same page, from an emptied cache.
  responseCache().invalidate(['Signal']);
  const fromRoute = await call(signals, path, { jar: analyst });
  expect(fastText).toBe(fromRoute.text);
  expect(fast.headers.get('etag')).toBe(fromRoute.headers.get('etag'));
  expect(fast.headers.get('x-next-cursor')).toBeTruthy();
  expect(fast.headers.get('x-next-cursor')).toBe(fromRoute.headers.get('x-next-cursor'));
  expect(fast.headers.get('link')).toBe(fromRoute.headers.get('link'));
  expect(fast.headers.get('cache-control')).toBe('private, no-cache');
  // The next page, by its cursor, computed here too.
  const next = await get(fast.headers.get('link')!.slice(1, fast.headers.get('link')!.indexOf('>')), analyst);
  expect(next.status).toBe(200);
  const [first] = JSON.parse(fastText) as { id: string }[];
  expect((JSON.parse(await next.text()) as { id: string }[]).map((signal) => signal.id)).not.toContain(first!.id);
});

it('leaves to the route a signals query it refuses, and a caller it would refuse, on a miss', async () => {
  const { jar: unentitled } = await registeredUser(false);
  responseCache().invalidate(['Signal']);
  expect((await get('/api/signals?limit=abc', analyst)).status).toBe(599);
  expect((await get('/api/signals?cursor=not-a-cursor', analyst)).status).toBe(599);
  expect((await get('/api/signals?q=a%00b', analyst)).status).toBe(599);
  expect((await get('/api/signals?q=bitcoin&limit=3')).status).toBe(599);
  expect((await get('/api/signals?q=bitcoin&limit=3', unentitled)).status).toBe(599);
  expect(responseCache().peek(hotReadKeys.signals('?q=bitcoin&limit=3'))).toBeUndefined();
});

it('leaves a search to the route when the computation it waits for fails', async () => {
  responseCache().invalidate(['Signal']);
  let fail!: () => void;
  const failing = responseCache().get(hotReadKeys.signals('?q=fails'), hotReads.signals, () => new Promise((_, reject) => (fail = () => reject(new Error('database away')))));
  failing.catch(() => {});
  const waiting = get('/api/signals?q=fails', analyst);
  await new Promise((resolve) => setTimeout(resolve, 50));
  fail();
  expect((await waiting).status).toBe(599);
  // Nothing failed is kept: the next caller's search is computed afresh.
  expect((await get('/api/signals?q=fails', analyst)).status).toBe(200);
});
