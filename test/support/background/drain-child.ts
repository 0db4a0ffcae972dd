// Forked by lib/background/shutdown.int.test.ts: server.ts's HTTP process without Next. The real
// supervisor forks the real background process (background.ts, which serves /ws), and the real
// graceful shutdown (lib/background/shutdown.ts) is installed as server.ts installs it. GET /slow?ms=
// answers after that long: a request in flight when the signal arrives.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { installShutdown } from '../../../lib/background/shutdown';
import { startBackground } from '../../../lib/background/supervisor';
import { closeBus } from '../../../lib/realtime/bus';
import { refuseUpgrade } from '../../../lib/realtime/ws-server';

const log = (line: string) => console.log(`[drain-child] ${line}`);
const background = startBackground({ entry: path.resolve(__dirname, '../../../background.ts'), execArgv: ['--import', 'tsx'], log });
const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname !== '/slow') return void response.end('ok');
  process.send?.({ type: 'request-started' });
  setTimeout(() => response.end('done'), Number(url.searchParams.get('ms') ?? 1_000));
});
const shutdown = installShutdown({ server, background, budgetMs: Number(process.env.SHUTDOWN_TIMEOUT_MS), log, closeResources: () => closeBus() });
server.on('upgrade', (request, socket, head) => (shutdown.isDraining() ? refuseUpgrade(socket, 503) : background.handleUpgrade(request, socket, head)));

void background.whenReady(60_000).then(() =>
  server.listen(0, '127.0.0.1', () => process.send?.({ type: 'listening', port: (server.address() as AddressInfo).port, backgroundPid: background.pid() })),
);
