import { startTcpProxy, targetOf, type TcpProxy } from '@/test/support/tcp-proxy';

// Issue 29, point 3: degrade, don't fall over. The product's own modules, pointed through a TCP relay
// at the real Redis and PostgreSQL CI runs (REDIS_URL, TEST_DATABASE_URL), so a test can cut either
// away and bring it back without stopping the service for anyone else. Skipped without them.

const redisUrl = process.env.REDIS_URL?.trim() || undefined;
const postgresUrl = process.env.TEST_DATABASE_URL ? process.env.DATABASE_URL : undefined;

jest.setTimeout(60_000);

let redisProxy: TcpProxy | undefined;
let postgresProxy: TcpProxy | undefined;
let product: Awaited<ReturnType<typeof loadProduct>>;

const singletons = ['__treasuryDb', '__treasuryBus', '__treasuryRateLimiter', '__treasuryResponseCache', '__treasuryTableChanges', '__treasurySessionRows'];
const forgetSingletons = () => singletons.forEach((name) => delete (globalThis as Record<string, unknown>)[name]);

/** The product's modules, loaded afresh once DATABASE_URL and REDIS_URL name the relays. */
async function loadProduct() {
  jest.resetModules();
  // The test setup already made the process's database client, with the direct address.
  forgetSingletons();
  const [dbModule, http, users, bus, rateLimit, health, cache, mail] = await Promise.all([
    import('@/lib/db'),
    import('@/test/support/http'),
    import('@/test/support/users'),
    import('@/lib/realtime/bus'),
    import('@/lib/rate-limit/limiter'),
    import('@/lib/web/health'),
    import('@/lib/cache/response-cache'),
    import('@/lib/mail/sender'),
  ]);
  const [healthRoute, clientErrors, watchlist] = await Promise.all([import('./health/route'), import('./client-errors/route'), import('./watchlist/route')]);
  return { db: dbModule.db, ...http, ...users, ...bus, ...rateLimit, ...health, ...cache, ...mail, health: healthRoute.GET, reportError: clientErrors.POST, watchlist: watchlist.GET };
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const saved = { ...process.env };
let reference = 0;
const errorReport = () => ({ referenceId: `ERR-OUTAGE${(reference += 1)}`, message: 'Boom' });
// Nothing a subscriber should read: where the database is, its errors, configuration.
const leaks = /127\.0\.0\.1|localhost|:\d{4}|ECONN|P10\d\d|postgres|redis|DATABASE_URL|REDIS_URL/i;

beforeAll(async () => {
  if (!redisUrl && !postgresUrl) return;
  if (redisUrl) {
    redisProxy = await startTcpProxy(targetOf(redisUrl));
    process.env.REDIS_URL = redisProxy.urlFor(redisUrl);
  }
  if (postgresUrl) {
    postgresProxy = await startTcpProxy(targetOf(postgresUrl));
    process.env.DATABASE_URL = postgresProxy.urlFor(postgresUrl);
  }
  process.env.RATE_LIMIT_CLIENT_ERRORS_PER_MINUTE = '3';
  product = await loadProduct();
});

afterAll(async () => {
  if (product) {
    // What the test setup closes in its own copy of these modules (test/support/close-connections.ts).
    await product.mailIdle();
    product.closeMailTransport();
    await Promise.all([product.closeBus(), product.closeRateLimiter(), product.db.$disconnect()]);
    forgetSingletons();
  }
  await Promise.all([redisProxy?.close(), postgresProxy?.close()]);
  process.env = { ...saved };
});

(redisUrl ? describe : describe.skip)('Redis out of reach (REDIS_URL)', () => {
  it('degrades: health says so, requests answer, limits hold per process, events reach this process; then re-joins', async () => {
    const { RedisBus, getBus, call, CookieJar, health, reportError, checkHealth, db, responseCache, rateLimiterDegraded } = product;
    const bus = getBus() as InstanceType<typeof RedisBus>;
    expect(bus).toBeInstanceOf(RedisBus);
    // Another instance, on Redis directly; and a process pair's bus through the relay, with its IPC peer.
    const other = new RedisBus(redisUrl!);
    const bridged: unknown[] = [];
    const paired = new RedisBus(process.env.REDIS_URL!, (message) => bridged.push(message));
    const here: unknown[] = [];
    const there: unknown[] = [];
    bus.subscribe((event) => here.push(event.data));
    other.subscribe((event) => there.push(event.data));
    try {
      await Promise.all([bus.whenReady(), other.whenReady(), paired.whenReady()]);
      await until(() => bus.connected && paired.connected);
      expect((await call(health, '/api/health')).json.status).toBe('healthy');
      await other.publish({ type: 'new_signal', data: { id: 'before' } });
      await until(() => here.some((data) => (data as { id?: string }).id === 'before'));

      const cached = { tables: ['Company'], ttlMs: 60_000 };
      await responseCache().get('outage:companies', cached, async () => ({ body: await db.company.count() }));
      expect(responseCache().peek('outage:companies')).toBeDefined();

      redisProxy!.cut();
      await until(() => !bus.connected && !paired.connected);

      // Health: public callers read only "degraded"; admins the warning.
      const publicAnswer = await call(health, '/api/health');
      expect(publicAnswer.status).toBe(200);
      expect(publicAnswer.json).toEqual({ status: 'degraded', timestamp: expect.any(String), database: { status: 'up' }, websocket: { available: false } });
      expect(await checkHealth(db, 'admin')).toMatchObject({ status: 'degraded', bus: { kind: 'redis', status: 'down' }, warnings: [expect.stringMatching(/^Redis is out of reach: realtime events reach only the clients of this instance/)] });

      // Requests answer, at once, and the limit still holds, counted in this process.
      const jar = new CookieJar();
      const started = Date.now();
      const statuses: number[] = [];
      for (let index = 0; index < 4; index += 1) statuses.push((await call(reportError, '/api/client-errors', { jar, body: errorReport() })).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(rateLimiterDegraded()).toBe(true);

      // Events reach this process's listeners, and the IPC peer of a process pair; not the other instance.
      await bus.publish({ type: 'new_signal', data: { id: 'during' } });
      await paired.publish({ type: 'new_signal', data: { id: 'paired-during' } });
      expect(here).toContainEqual({ id: 'during' });
      expect(bridged).toEqual([{ type: 'bus:event', event: { type: 'new_signal', data: { id: 'paired-during' } } }]);

      // What this process cached was dropped (what others write now goes unheard), and nothing it
      // caches now outlives a second.
      expect(responseCache().peek('outage:companies')).toBeUndefined();
      await responseCache().get('outage:companies', cached, async () => ({ body: await db.company.count() }));
      expect(responseCache().peek('outage:companies')).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(responseCache().peek('outage:companies')).toBeUndefined();

      redisProxy!.restore();
      await until(() => bus.connected && paired.connected, 15_000);
      // Healthy once the rate limiter's connection is back as well (ioredis retries on its own schedule).
      await until(async () => (await call(health, '/api/health')).json.status === 'healthy', 15_000);
      expect(rateLimiterDegraded()).toBe(false);
      expect(await checkHealth(db, 'admin')).toMatchObject({ status: 'healthy', warnings: [] });

      // Both ways between instances again.
      await other.publish({ type: 'new_signal', data: { id: 'after-from-other' } });
      await bus.publish({ type: 'new_signal', data: { id: 'after-from-here' } });
      await until(() => here.some((data) => (data as { id?: string }).id === 'after-from-other') && there.some((data) => (data as { id?: string }).id === 'after-from-here'));
      expect(there).not.toContainEqual({ id: 'during' });
      // Connected again, nothing goes over IPC.
      await paired.publish({ type: 'new_signal', data: { id: 'paired-after' } });
      expect(bridged).toHaveLength(1);
    } finally {
      redisProxy!.restore();
      await Promise.all([other.close(), paired.close()]);
    }
  });
});

(redisUrl ? describe : describe.skip)('Redis out of reach, server.ts and its background process (REDIS_URL)', () => {
  it('delivers what the HTTP side publishes to the background process’s sockets over IPC, and through Redis again once it is back', async () => {
    const http = await import('node:http');
    const path = await import('node:path');
    const { startBackground } = await import('@/lib/background/supervisor');
    const { connectWs } = await import('@/test/support/ws-client');
    const { registeredUser, db } = product;
    // No ingest jobs against the network from the child; it inherits this environment (the relays' addresses).
    process.env.SCHEDULER_ENABLED = 'false';
    const background = startBackground({ entry: path.resolve(__dirname, '..', '..', 'background.ts'), execArgv: ['--import', 'tsx'], log: () => {} });
    const server = http.createServer((_request, response) => response.end());
    server.on('upgrade', (request, socket, head) => background.handleUpgrade(request, socket, head));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      expect(await background.whenReady(60_000)).toBe(true);
      const user = await registeredUser(true, 'outage-ws');
      await db.session.findFirstOrThrow({ where: { userId: user.id } });
      const client = await connectWs(`ws://127.0.0.1:${(server.address() as { port: number }).port}/ws`, { Cookie: user.jar.header() });
      await client.next('connected');
      client.send({ type: 'subscribe', channel: 'signals' });
      await client.next('subscribed');
      const bus = background.bus as InstanceType<typeof product.RedisBus>;

      redisProxy!.cut();
      await until(() => !bus.connected);
      await bus.publish({ type: 'new_signal', data: { id: 'over-ipc' } });
      // Cut off, no log holds the event: it travels without an id.
      expect(await client.next('new_signal')).toEqual({ type: 'new_signal', channel: 'signals', data: { id: 'over-ipc' } });

      redisProxy!.restore();
      await until(() => bus.connected, 15_000);
      // The child re-joins on its own schedule: publish until an event arrives through Redis.
      const other = new product.RedisBus(redisUrl!);
      try {
        await other.whenReady();
        let received: unknown;
        await until(async () => {
          await other.publish({ type: 'new_signal', data: { id: 'through-redis' } });
          received = await Promise.race([client.next('new_signal'), new Promise((resolve) => setTimeout(resolve, 300))]);
          return received !== undefined;
        }, 15_000);
        // Through Redis again, the shared log gives it its id.
        expect(received).toEqual({ type: 'new_signal', channel: 'signals', data: { id: 'through-redis' }, id: expect.stringMatching(/^\d+-\d+$/) });
      } finally {
        await other.close();
      }
      client.socket.close();
    } finally {
      redisProxy!.restore();
      await background.stop(5_000);
      server.close();
      delete process.env.SCHEDULER_ENABLED;
    }
  });
});

(postgresUrl ? describe : describe.skip)('PostgreSQL restarted (TEST_DATABASE_URL)', () => {
  it('answers 503 with Retry-After while it is away, recovers on the same client, and keeps what was acknowledged', async () => {
    const { call, CookieJar, registeredUser, health, reportError, watchlist, db } = product;
    const { jar: member } = await registeredUser(true, 'outage');
    const acknowledged = errorReport();
    expect((await call(reportError, '/api/client-errors', { jar: new CookieJar(), body: acknowledged })).status).toBe(201);
    expect((await call(watchlist, '/api/watchlist', { jar: member })).status).toBe(200);

    postgresProxy!.cut();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const refused = errorReport();
      for (const answer of [
        await call(watchlist, '/api/watchlist', { jar: member }),
        await call(reportError, '/api/client-errors', { jar: new CookieJar(), body: refused }),
      ]) {
        expect(answer.status).toBe(503);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(answer.text).not.toMatch(leaks);
      }
      // Health answers from its cache for up to two seconds (its TTL, and one more while recomputed).
      let down: Awaited<ReturnType<typeof call>> | undefined;
      await until(async () => (down = await call(health, '/api/health')).status === 503);
      expect(down!.json).toMatchObject({ status: 'down', database: { status: 'down' } });
      expect(Number(down!.headers.get('retry-after'))).toBeGreaterThan(0);
      const read = await call(watchlist, '/api/watchlist', { jar: member });
      expect(read.json).toEqual({ message: 'The service is briefly unavailable. Please try again in a few seconds.', code: 'unavailable' });

      postgresProxy!.restore();
      await until(async () => (await call(health, '/api/health')).status === 200);
      expect((await call(watchlist, '/api/watchlist', { jar: member })).status).toBe(200);
      expect((await call(reportError, '/api/client-errors', { jar: new CookieJar(), body: errorReport() })).status).toBe(201);
      // The write acknowledged before the cut is there; the one refused during it is not.
      expect(await db.clientErrorReport.count({ where: { referenceId: acknowledged.referenceId } })).toBe(1);
      expect(await db.clientErrorReport.count({ where: { referenceId: refused.referenceId } })).toBe(0);
    } finally {
      postgresProxy!.restore();
      warn.mockRestore();
    }
  });
});

// Something to run on SQLite and without Redis, so the file is never empty.
it('relays a connection and cuts it (the test relay itself)', async () => {
  const net = await import('node:net');
  const echo = net.createServer((socket) => socket.pipe(socket));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const proxy = await startTcpProxy({ host: '127.0.0.1', port: (echo.address() as { port: number }).port });
  try {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(proxy.port, proxy.host, () => socket.write('ping'));
      socket.once('data', (data) => (resolve(String(data)), socket.destroy())).once('error', reject);
    });
    expect(reply).toBe('ping');
    proxy.cut();
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(proxy.port, proxy.host);
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error')).once('close', () => resolve('closed'));
    });
    expect(['ECONNRESET', 'closed']).toContain(refused);
    proxy.restore();
  } finally {
    await proxy.close();
    await new Promise((resolve) => echo.close(resolve));
  }
});

// Redis that never answers (a relay to nowhere, cut): runs without REDIS_URL too.
it('counts limits locally and delivers events locally when Redis is out of reach from the start', async () => {
  const { RedisBus } = await import('@/lib/realtime/bus');
  const { RedisRateLimiter } = await import('@/lib/rate-limit/limiter');
  const Redis = (await import('ioredis')).default;
  const nowhere = await startTcpProxy({ host: '127.0.0.1', port: 1 });
  nowhere.cut();
  const url = `redis://127.0.0.1:${nowhere.port}`;
  const limiter = new RedisRateLimiter(new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1_000 }).on('error', () => {}));
  const bridged: unknown[] = [];
  const bus = new RedisBus(url, (message) => bridged.push(message));
  try {
    const started = Date.now();
    const allowed = [];
    for (let index = 0; index < 3; index += 1) allowed.push((await limiter.hit('outage:nowhere', 2, 60_000)).allowed);
    expect(allowed).toEqual([true, true, false]);
    expect(await limiter.count('outage:nowhere')).toBe(3);
    expect(limiter.degraded).toBe(true);

    await bus.whenReady();
    const here: unknown[] = [];
    bus.subscribe((event) => here.push(event.data));
    await bus.publish({ type: 'new_signal', data: { id: 'local' } });
    expect(here).toEqual([{ id: 'local' }]);
    expect(bridged).toEqual([{ type: 'bus:event', event: { type: 'new_signal', data: { id: 'local' } } }]);
    expect(bus.connected).toBe(false);
    expect(await bus.status()).toEqual({ kind: 'redis', status: 'down' });
    // Nothing waited for a reconnection that never comes.
    expect(Date.now() - started).toBeLessThan(5_000);
  } finally {
    await Promise.all([limiter.close(), bus.close()]);
    await nowhere.close();
  }
});
