import http, { type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { websocketAccess } from '../auth/websocket-access';
import { db } from '../db';
import { getEnv } from '../env';
import { closeRateLimiter } from '../rate-limit/limiter';
import { closeBus, RedisBus } from '../realtime/bus';
import { serviceRestartCloseCode } from '../realtime/close-codes';
import { createRealtimeServer, listenBacklog, refuseUpgrade, upgradePathname, websocketPath, type RealtimeServer } from '../realtime/ws-server';
import { openProcessBus, type FromBackground, type ToBackground } from './messages';

// The background process's body (background.ts starts it; lib/background/supervisor.ts forks it from
// server.ts): the WebSocket server for the sockets server.ts hands over, the scheduler and the alert
// mailer, in an event loop that serves no HTTP. It ends when told to, on a signal, or when server.ts
// goes away (the IPC channel closes).

/** How long the client count may be stale in /api/health: a burst of connections is reported once. */
const clientCountDelayMs = 100;
/** How long the start waits for the rehearsed admission before serving /ws without it: a database may not answer. */
const warmUpMs = 2_000;

export async function runBackground() {
  const env = getEnv();
  const send = (message: FromBackground) => {
    if (process.connected) process.send?.(message, undefined, {}, () => undefined);
  };
  const { bus, receive } = openProcessBus(send, 'replica');

  let reportTimer: NodeJS.Timeout | undefined;
  let reported = 0;
  const reportClients = () => {
    reportTimer ??= setTimeout(() => {
      reportTimer = undefined;
      const count = realtime.clientCount();
      if (count !== reported) send({ type: 'clients', count: (reported = count) });
    }, clientCountDelayMs);
  };
  // /ws asks what the data APIs ask; this process has the database, and holds the sockets to re-check.
  const access = websocketAccess(db);
  const realtime = createRealtimeServer({ bus, access, allowedOrigins: env.ALLOWED_ORIGINS, onClientsChanged: reportClients });

  process.on('message', (message: ToBackground, handle: unknown) => {
    if (receive(message)) return;
    if (message.type === 'upgrade') {
      const socket = handle as Socket;
      // What ws and the origin check read from the request that server.ts received.
      const request = { method: message.method, url: message.url, headers: message.headers, socket } as IncomingMessage;
      realtime.handleUpgrade(request, socket, Buffer.from(message.head, 'base64'));
    } else if (message.type === 'stop') shutdown('asked to stop');
  });

  let ownListener: http.Server | undefined;

  // The scheduler and the alert mailer start once /ws is served (below).
  let stopJobs = async () => {};
  let stopAlertMailer = async () => {};
  let mail: typeof import('../mail/sender') | undefined;

  let stopping = false;
  const shutdown = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log(`${reason}, shutting down`);
    const workIdle = Promise.all([stopJobs(), stopAlertMailer()]);
    void (async () => {
      // A restart, as the clients see it: they reconnect at once (elsewhere, behind a proxy) and resume.
      ownListener?.close();
      await realtime.close(serviceRestartCloseCode);
      // A job run, an alert pass or a send in progress finishes before the database closes under it.
      // One that takes longer fails here; a send's claim lapses and another process sends it after the
      // lease, a job runs again in its next period.
      await atMost(2_000, Promise.all([workIdle, mail?.mailIdle()]));
      mail?.closeMailTransport();
      // A pool still connecting to a database that does not answer would hold the disconnect for ever.
      await atMost(2_000, Promise.allSettled([closeBus(), closeRateLimiter(), db.$disconnect()]));
      process.exit(0);
    })();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM received'));
  process.on('SIGINT', () => shutdown('SIGINT received'));
  // server.ts exited or was killed: nothing hands sockets over or reads the client count any more.
  process.on('disconnect', () => shutdown('server process gone'));

  // With Redis, the first event published after the start must find this process subscribed; so must
  // the first socket that arrives on its own port (one the instances share may send it one at once).
  // Meanwhile the admission is rehearsed (WebsocketAccess.warmUp), for warmUpMs at most.
  const warmUp = access.warmUp().catch((error: unknown) => log(`the session lookup could not be prepared: ${error instanceof Error ? error.message : String(error)}`));
  await Promise.all([bus instanceof RedisBus ? bus.whenReady() : undefined, atMost(warmUpMs, warmUp)]);
  if (env.REALTIME_PORT && !stopping) ownListener = await listenForSockets(realtime, env.HOST, env.REALTIME_PORT, Boolean(env.REDIS_URL));
  send({ type: 'ready' });
  // Loaded after the sockets are served: the jobs bring the report, mail and ingest code (PDF
  // rendering among it), which a restarted process should not make its returning clients wait for.
  if (env.SCHEDULER_ENABLED && !stopping) {
    try {
      const [{ startScheduler }, { jobs }, { startAlertMailer }, sender] = await Promise.all([
        import('../jobs/scheduler'),
        import('./jobs'),
        import('../notifications/alert-listener'),
        import('../mail/sender'),
      ]);
      mail = sender;
      if (stopping) return;
      stopJobs = startScheduler(db, log, jobs);
      // Critical signals reach the inbox within seconds of their critical_alert (issue 16).
      stopAlertMailer = startAlertMailer(db, bus, log);
    } catch (error) {
      // The sockets it already serves stay up; the operator reads why the jobs do not run.
      console.error('[background] the scheduler could not start:', error);
    }
  }
}

/**
 * /ws on a port of this process's own (REALTIME_PORT), for a proxy that routes /ws there: its sockets
 * arrive here directly instead of one hand-over at a time from server.ts, which is what bounds how fast
 * the clients of an instance that went away are all back. `shared` (the instances share events through
 * Redis): the instances on one host may listen on the same port (SO_REUSEPORT, same user only), and
 * the kernel spreads the sockets over those listening; one that stops or dies leaves the rest the port.
 */
async function listenForSockets(realtime: RealtimeServer, host: string, port: number, shared: boolean): Promise<http.Server> {
  const server = http.createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'application/json', upgrade: 'websocket', connection: 'Upgrade' });
    response.end(JSON.stringify({ message: 'This port serves the realtime WebSocket only.' }));
  });
  server.on('upgrade', (request: IncomingMessage, socket, head: Buffer) => {
    const pathname = upgradePathname(request.url);
    if (pathname === undefined) return refuseUpgrade(socket, 400);
    if (pathname !== websocketPath) return refuseUpgrade(socket, 404);
    realtime.handleUpgrade(request, socket, head);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, reusePort: shared, backlog: listenBacklog }, () => (server.off('error', reject), resolve()));
  });
  log(`serving ${websocketPath} on port ${port}${shared ? ' (shared with the other instances on this host)' : ''}`);
  return server;
}

/** Waits for `work`, or for `ms` if that comes first (the timer does not keep the process up). */
function atMost(ms: number, work: Promise<unknown>): Promise<unknown> {
  return Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
}

function log(line: string) {
  console.log(`[background] ${line}`);
}
