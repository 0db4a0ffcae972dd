import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { db } from '../db';
import { serviceRestartCloseCode } from '../realtime/close-codes';
import { registeredUser } from '@/test/support/users';
import { connectWs } from '@/test/support/ws-client';

// Issue 29, the SIGTERM drain: a process told to stop refuses new connections, finishes the requests
// in flight, closes every WebSocket with 1012 (the client reconnects at once, elsewhere) and exits
// within its budget. The child is test/support/background/drain-child.ts: server.ts's shutdown and
// supervisor, and the real background process, without Next.

const root = path.resolve(__dirname, '..', '..');
jest.setTimeout(90_000);

interface Started {
  child: ChildProcess;
  port: number;
  backgroundPid: number;
  exited: Promise<{ code: number | null; at: number }>;
  messages: { type: string }[];
}

async function startDrainServer(budgetMs: number): Promise<Started> {
  const child = fork(path.join(root, 'test/support/background/drain-child.ts'), [], {
    execArgv: ['--import', 'tsx'],
    // No ingest jobs against the network from the background process.
    env: { ...process.env, SCHEDULER_ENABLED: 'false', SHUTDOWN_TIMEOUT_MS: String(budgetMs) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const messages: { type: string }[] = [];
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
  const listening = await new Promise<{ port: number; backgroundPid: number }>((resolve, reject) => {
    child.on('message', (message: { type: string; port?: number; backgroundPid?: number }) => {
      messages.push(message);
      if (message.type === 'listening') resolve(message as { port: number; backgroundPid: number });
    });
    void exited.then(({ code }) => reject(new Error(`drain server exited with ${code}`)));
  });
  return { child, exited, messages, ...listening };
}

function get(port: number, pathAndQuery: string) {
  return new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathAndQuery, agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }));
      })
      .on('error', reject);
  });
}

async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let session: Record<string, string>;
beforeAll(async () => {
  const user = await registeredUser(true, 'drain');
  await db.session.findFirstOrThrow({ where: { userId: user.id } });
  session = { Cookie: user.jar.header() };
});

describe('SIGTERM drain', () => {
  let started: Started | undefined;
  afterEach(async () => {
    // A failed test must not leave its server (or the background process) running.
    if (started && started.child.exitCode === null && started.child.signalCode === null) {
      started.child.kill('SIGKILL');
      await started.exited;
    }
    if (started && isRunning(started.backgroundPid)) process.kill(started.backgroundPid, 'SIGKILL');
    started = undefined;
  });

  it('closes the sockets with 1012, finishes the request in flight, refuses new connections and exits within the budget', async () => {
    const budgetMs = 6_000;
    started = await startDrainServer(budgetMs);
    const { child, port, backgroundPid, exited, messages } = started;
    const url = `ws://127.0.0.1:${port}/ws`;
    const client = await connectWs(url, session);
    client.send({ type: 'subscribe', channel: 'signals' });
    await client.next('subscribed');
    const close = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
      client.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString(), at: Date.now() })),
    );

    const inFlight = get(port, '/slow?ms=2000').then((response) => ({ ...response, at: Date.now() }));
    await until(() => messages.some((message) => message.type === 'request-started'));
    const signalledAt = Date.now();
    child.kill('SIGTERM');

    const closed = await close;
    expect(closed).toMatchObject({ code: serviceRestartCloseCode, reason: 'Service restart' });
    await expect(connectWs(url, session)).rejects.toThrow();
    await expect(get(port, '/')).rejects.toThrow(/ECONNREFUSED/);

    const answered = await inFlight;
    expect(answered).toEqual({ status: 200, body: 'done', connection: 'close', at: expect.any(Number) });
    // The clients moved on while it was still being answered.
    expect(closed.at).toBeLessThan(answered.at);
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(budgetMs);
    await until(() => !isRunning(backgroundPid), 2_000);
  });

  it('exits within the budget even when a request outlasts it', async () => {
    const budgetMs = 2_000;
    started = await startDrainServer(budgetMs);
    const { child, port, exited, messages } = started;
    const outlasting = get(port, '/slow?ms=30000').then(
      () => 'answered',
      () => 'cut off',
    );
    await until(() => messages.some((message) => message.type === 'request-started'));
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    const { at } = await exited;
    expect(at - signalledAt).toBeLessThan(budgetMs + 500);
    expect(await outlasting).toBe('cut off');
  });
});
