import { fork, type ChildProcess } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { EventBus } from '../realtime/bus';
import { connectTimeoutMs } from '../realtime/client';
import { refuseUpgrade } from '../realtime/ws-server';
import { openProcessBus, type FromBackground, type ToBackground } from './messages';

// server.ts's side of the background process (issue 15): the WebSocket server, the scheduler and the
// alert mailer run there, so a realtime event never waits behind HTTP work in this event loop, and a
// job's work never delays a request. This process keeps the HTTP listener and hands each /ws upgrade's
// socket over IPC; a background process that dies is started again, after a growing pause.

export interface Background {
  /** This process's bus: what it publishes reaches the background process's sockets and listeners. */
  bus: EventBus;
  /** Resolves once the first background process serves sockets, or after `timeoutMs` (false). */
  whenReady(timeoutMs: number): Promise<boolean>;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Open WebSockets, as the background process last reported them. */
  clientCount(): number;
  /** The running background process's id, if one runs. */
  pid(): number | undefined;
  /** Asks the background process to stop, and kills it after `timeoutMs`. */
  stop(timeoutMs: number): Promise<void>;
}

interface Options {
  /** background.ts under a TypeScript loader, dist/background.js in production. */
  entry: string;
  /** Node options for the child; by default this process's own (loader, heap limit, preloads) plus backgroundNodeOptions. */
  execArgv?: string[];
  /** The child's environment; this process's by default. */
  env?: NodeJS.ProcessEnv;
  log: (line: string) => void;
}

/**
 * For the background process's memory: the scheduler's jobs run enough Prisma queries that V8 tiered
 * the query compiler's WebAssembly up to TurboFan, which held ~110 MB more RSS (bench:http, after the
 * runs); Liftoff's baseline code is slower but small, and that process serves no request. Young
 * generation semi-spaces of 2 MB instead of 16 keep what its jobs allocate from staying resident.
 */
const backgroundNodeOptions = ['--liftoff-only', '--max-semi-space-size=2'];
const firstRestartMs = 500;
const longestRestartMs = 30_000;
/** A process that ran this long before it died restarts after the shortest pause: it was no crash loop. */
const stableMs = 30_000;

export function startBackground({ entry, execArgv, env, log }: Options): Background {
  let child: ChildProcess | undefined;
  let isReady = false;
  let clients = 0;
  let failures = 0;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => {};
  const firstReady = new Promise<void>((resolve) => (markReady = resolve));

  // Sent when a child is connected; dropped in between (its sockets are gone with it, and the
  // email-notifications job mails whatever critical alert the mailer missed).
  const send = (message: ToBackground) => {
    // A channel closing under the send is the exit handler's business, not an 'error' event's.
    if (child?.connected) child.send(message, () => undefined);
  };
  const { bus, receive } = openProcessBus(send, 'primary');

  // Node hands a socket to the child only once the child acknowledged the previous one: one per turn of
  // its event loop, which fanning an event out to thousands of sockets makes long. When an instance goes
  // away, its clients all arrive here at once; one that waited longer than the browser waits for the
  // handshake has been given up on (it tries again), and handing it over would only delay the ones behind.
  const upgrades: { message: ToBackground; socket: Socket; queuedAt: number }[] = [];
  let isHanding = false;
  const handOver = () => {
    if (isHanding) return;
    for (let next = upgrades.shift(); next; next = upgrades.shift()) {
      const { message, socket, queuedAt } = next;
      if (!child?.connected || socket.destroyed || Date.now() - queuedAt >= connectTimeoutMs) {
        socket.destroy();
        continue;
      }
      isHanding = true;
      // Called once the socket is written to the channel, after the child acknowledged the one before.
      child.send(message, socket, (error) => {
        if (error) socket.destroy();
        isHanding = false;
        handOver();
      });
      return;
    }
  };

  const spawn = () => {
    restartTimer = undefined;
    const startedAt = Date.now();
    const current = fork(entry, [], { execArgv: execArgv ?? [...process.execArgv, ...backgroundNodeOptions], env, stdio: 'inherit' });
    child = current;
    log(`background process ${current.pid} started`);
    current.on('message', (message: FromBackground) => {
      if (receive(message)) return;
      if (message.type === 'ready') {
        isReady = true;
        markReady();
      } else if (message.type === 'clients') clients = message.count;
    });
    current.on('exit', (code, signal) => {
      if (child === current) [child, isReady, clients] = [undefined, false, 0];
      // A socket being handed over when the child died gets no answer; the ones waiting are refused.
      isHanding = false;
      handOver();
      if (stopping) return;
      failures = Date.now() - startedAt > stableMs ? 0 : failures + 1;
      const delay = Math.min(longestRestartMs, firstRestartMs * 2 ** Math.max(0, failures - 1));
      log(`background process exited (${signal ?? `code ${code}`}); restarting in ${delay} ms`);
      restartTimer = setTimeout(spawn, delay);
    });
  };
  spawn();

  return {
    bus,
    whenReady: (timeoutMs) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        void firstReady.then(() => (clearTimeout(timer), resolve(true)));
      }),
    handleUpgrade(request, socket, head) {
      if (!child || !isReady) {
        // The browser client falls back to polling and tries again later.
        refuseUpgrade(socket, 503);
        return;
      }
      // Node passes the TCP handle and closes this process's copy. Browsers send nothing before the 101,
      // so no byte is left behind. (A TLS socket could not be handed over this way; server.ts is plain HTTP.)
      // Node then counts the socket as the child's: server.close() asks the child when its sockets are
      // closed, and never calls back if every child it asked about has exited; server.ts does not wait for it.
      const { method = 'GET', url = '/', headers } = request;
      // Node keeps this process's copy of the handle open, still reading, until the child acknowledges
      // it, and drops what it reads then: a busy loop here read (and lost) a client's first frame.
      (socket as Socket & { _handle?: { readStop?: () => number } })._handle?.readStop?.();
      upgrades.push({ message: { type: 'upgrade', method, url, headers, head: head.toString('base64') }, socket: socket as Socket, queuedAt: Date.now() });
      handOver();
    },
    clientCount: () => clients,
    pid: () => child?.pid,
    async stop(timeoutMs) {
      stopping = true;
      clearTimeout(restartTimer);
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
      send({ type: 'stop' });
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)));
      if (await Promise.race([exited.then(() => false), late])) {
        log('background process did not stop in time; killing it');
        current.kill('SIGKILL');
        await exited;
      }
      clearTimeout(timer);
    },
  };
}
