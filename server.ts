// Next (dev or production) and the HTTP listener, plus a background process (lib/background) that
// serves the realtime WebSocket at /ws and runs the scheduler, and a graceful shutdown of both.
// On Vercel none of this runs; see README "Deploy to Vercel".
import http from 'node:http';
import path from 'node:path';
import { loadEnvConfig } from '@next/env';
import next from 'next';

const dev = process.env.NODE_ENV !== 'production';
/** How long an idle keep-alive connection stays open (below). */
const keepAliveMs = 65_000;
loadEnvConfig(process.cwd(), dev);

async function main() {
  const { getEnv } = await import('./lib/env');
  const { applyMigrationsWhenReachable } = await import('./lib/db/migrate');
  const env = getEnv();

  // next-auth builds its own URLs from the Host header this server received.
  process.env.AUTH_TRUST_HOST ??= 'true';
  const { ensureAuthSecret } = await import('./lib/secret');
  if (!dev) ensureAuthSecret();
  const { betaCodes, betaGateEnabled } = await import('./lib/auth/beta');
  if (betaGateEnabled()) log(`beta gate on; invitation codes: ${betaCodes().join(', ')}`);
  // Also checks every RATE_LIMIT_* value before the first request: a bad one stops the start.
  const { rateLimitsInForce } = await import('./lib/rate-limit/rules');
  const changed = rateLimitsInForce().filter((rule) => !rule.isDefault);
  if (changed.length) log(`rate limits set by the environment: ${changed.map((rule) => `${rule.variable}=${rule.limit}`).join(', ')}`);

  // Processes started beside the database (or during its restart) wait for it instead of exiting.
  const applied = await applyMigrationsWhenReachable(env.DATABASE_URL, { timeoutMs: env.DATABASE_WAIT_MS, log });
  if (applied.length) log(`applied migrations: ${applied.join(', ')}`);

  const { db } = await import('./lib/db');
  const { closeBus } = await import('./lib/realtime/bus');
  const { listenBacklog, refuseUpgrade, upgradePathname, websocketPath } = await import('./lib/realtime/ws-server');
  const { markRealtimeAvailable } = await import('./lib/realtime/availability');
  const { startBackground } = await import('./lib/background/supervisor');
  const { installShutdown } = await import('./lib/background/shutdown');
  const { closeMailTransport, mailIdle } = await import('./lib/mail/sender');
  const { closeRateLimiter } = await import('./lib/rate-limit/limiter');
  const { isCachedReadPath, serveCachedRead } = await import('./lib/web/fast-reads');
  const { indexStaticAssets, serveStaticAsset, staticPrefix } = await import('./lib/web/static-assets');
  const { warmSignalSearch } = await import('./lib/signals/repository');

  // After the migrations, and before Next's route handlers open a bus of their own: this installs the
  // process's bus, bridged to the background process's.
  const background = startBackground({ entry: path.join(__dirname, `background${path.extname(__filename)}`), log });
  const { bus } = background;
  markRealtimeAvailable(() => background.clientCount());

  // The socket process starts first, before Next takes both cores: a replacement instance started
  // while clients are coming back (its shared port open, docs/operations.md) takes its share of them
  // warm instead of a queue of handshakes it drains cold. The first sockets (a browser reloading as the
  // server restarts) also find /ws served. One that never gets ready holds the start for the 30 s bound;
  // then Next starts and the HTTP server comes up with /ws answering 503.
  if (!(await background.whenReady(30_000))) log('background process not ready after 30 s; /ws answers 503 until it is');

  const app = next({ dev, hostname: env.HOST, port: env.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();
  // `npm run build` leaves a Brotli copy of each static script and stylesheet (none is current under `next dev`).
  const staticAssets = dev ? new Map() : indexStaticAssets(process.env.NEXT_DIST_DIR || '.next');
  const upgradeNext = app.getUpgradeHandler();

  const server = http.createServer((request, response) => {
    // Rate limits key on the caller's address. Unless a trusted proxy appends it, the only address
    // we know is the socket's; a client-sent x-forwarded-for must not pick its own bucket.
    if (!env.TRUST_PROXY) request.headers['x-forwarded-for'] = request.socket.remoteAddress ?? 'unknown';
    if (request.url?.startsWith(staticPrefix) && serveStaticAsset(staticAssets, request, response)) return;
    if (!isCachedReadPath(request)) return void handle(request, response);
    // A polled read already cached (and the caller entitled to it) is answered here; the rest goes to Next.
    serveCachedRead(db, request, response).then(
      (served) => served || void handle(request, response),
      () => void handle(request, response),
    );
  });
  // An idle keep-alive connection stays open longer than the clients reusing it wait between requests
  // (a proxy's pool, an API client, a QA runner between steps): one that the server closes just as a
  // request goes out on it fails that request with a reset. Node closes them after 5 s; proxies keep
  // theirs for 60 s. A stop still closes idle connections at once (lib/background/shutdown.ts).
  server.keepAliveTimeout = keepAliveMs;
  server.headersTimeout = keepAliveMs + 1_000;
  const shutdown = installShutdown({
    server,
    background,
    budgetMs: env.SHUTDOWN_TIMEOUT_MS,
    log,
    // After the requests: a send in progress finishes (or its claim lapses and another process sends it
    // after the lease); then the bus, the limiter, the pool and Next.
    closeResources: async () => {
      await Promise.race([mailIdle(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
      closeMailTransport();
      await Promise.allSettled([closeBus(), closeRateLimiter(), db.$disconnect(), app.close()]);
    },
  });
  server.on('upgrade', (request, socket, head) => {
    // Stopping: a browser tries again, behind a proxy on another instance.
    if (shutdown.isDraining()) return refuseUpgrade(socket, 503);
    const pathname = upgradePathname(request.url);
    if (pathname === undefined) return refuseUpgrade(socket, 400);
    if (pathname === websocketPath) return background.handleUpgrade(request, socket, head);
    // Everything else (dev hot reload) belongs to Next.
    return void upgradeNext(request, socket, head);
  });

  await new Promise<void>((resolve) => server.listen({ port: env.PORT, host: env.HOST, backlog: listenBacklog }, resolve));
  log(`ready on http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT} (${dev ? 'development' : 'production'}, bus: ${bus.kind})`);
  // What steers the signal search on PostgreSQL, read now rather than during the first search.
  warmSignalSearch(db).catch((error: unknown) => log(`signal search sample not read yet: ${error instanceof Error ? error.message : String(error)}`));
}

function log(line: string) {
  console.log(`[server] ${line}`);
}

main().catch((error: unknown) => {
  console.error('[server] failed to start:', error);
  process.exit(1);
});
