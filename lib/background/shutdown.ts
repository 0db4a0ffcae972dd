import type http from 'node:http';
import type { Background } from './supervisor';

// server.ts's graceful stop (issue 29): on SIGTERM the process stops taking connections, lets the
// requests in flight finish, has the background process close every WebSocket with 1012 (the
// clients reconnect at once, behind a proxy to another instance, and resume from their last event
// id), closes what it holds and exits, all within the budget; past it, it exits anyway.

interface Options {
  server: http.Server;
  background: Pick<Background, 'stop'>;
  /** From SIGTERM to exit, at most. */
  budgetMs: number;
  /** Closes what the requests used (mail, bus, pool, Next), once they are done or out of time. */
  closeResources: () => Promise<unknown>;
  log: (line: string) => void;
}

export interface Shutdown {
  /** True once a signal arrived: new upgrades are refused (503) and responses close their connection. */
  isDraining(): boolean;
}

/** What the budget keeps back, after the requests, for closing the resources. */
const closingMs = 1_500;

export function installShutdown({ server, background, budgetMs, closeResources, log }: Options): Shutdown {
  let draining = false;
  const inFlight = new Set<http.ServerResponse>();
  let whenIdle: (() => void) | undefined;
  // A keep-alive client must not send its next request to a process about to exit.
  const closeAfter = (response: http.ServerResponse) => response.headersSent || response.setHeader('Connection', 'close');
  // Ahead of the application's handler, which may write its headers at once.
  server.prependListener('request', (_request: http.IncomingMessage, response: http.ServerResponse) => {
    inFlight.add(response);
    if (draining) closeAfter(response);
    response.once('close', () => {
      inFlight.delete(response);
      if (inFlight.size === 0) whenIdle?.();
    });
  });

  const shutdown = (signal: string) => {
    if (draining) return;
    draining = true;
    log(`${signal} received, shutting down (${plural(inFlight.size, 'request')} in flight)`);
    const force = setTimeout(() => {
      log('shutdown took too long, exiting');
      process.exit(1);
    }, budgetMs);
    force.unref();
    for (const response of inFlight) closeAfter(response);
    const requestsDone = inFlight.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (whenIdle = resolve));
    // Stop accepting first; idle keep-alive connections close now, busy ones after their response.
    server.close();
    server.closeIdleConnections();
    const backgroundStopped = background.stop(Math.max(1_000, budgetMs - closingMs));
    void (async () => {
      const late = await Promise.race([requestsDone.then(() => false), sleep(Math.max(0, budgetMs - closingMs)).then(() => true)]);
      if (late) log(`${plural(inFlight.size, 'request')} still in flight at the end of the budget`);
      server.closeAllConnections();
      await Promise.allSettled([backgroundStopped, closeResources()]);
      log('stopped');
      process.exit(0);
    })();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  return { isDraining: () => draining };
}

function plural(count: number, noun: string) {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function sleep(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
}
