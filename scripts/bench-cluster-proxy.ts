import http from 'node:http';
import net from 'node:net';

// bench:cluster's load balancer, forked by scripts/bench-cluster.ts into a process of its own (so the
// bytes of 5,000 sockets do not go through the clients' event loop): round robin over the backends it
// finds healthy, HTTP requests and /ws upgrades alike. A backend leaves the rotation when a connect to it
// fails or its /api/health does not answer, and comes back once it answers again; a drained one leaves
// for good. Every answer names the backend in `x-bench-backend`, and one the proxy made itself after
// the backend failed says so in `x-bench-failure`, so that the load driver can tell apart requests to a
// killed instance from failures of healthy ones.

/** From the orchestrator. */
/** `realtimePort`: where the instance serves /ws itself (REALTIME_PORT); without it, /ws goes to `port` too. */
export type ToProxy = { type: 'add'; name: string; port: number; realtimePort?: number } | { type: 'drain'; name: string } | { type: 'stop' };
/** To the orchestrator: the proxy's port once listening, then twice a second each backend's state and open /ws tunnels. */
export type FromProxy =
  | { type: 'listening'; port: number }
  | { type: 'backends'; backends: { name: string; up: boolean; drained: boolean; tunnels: number; upgradeFailures: number }[] };

interface Backend {
  name: string;
  port: number;
  realtimePort?: number;
  up: boolean;
  drained: boolean;
  tunnels: number;
  upgradeFailures: number;
  failedChecks: number;
}

const healthCheckMs = 250;
const healthTimeoutMs = 2_000;
/** A refused connection takes a backend out at once; a slow or failed answer only this many times in a row (a busy backend is no dead one). */
const failuresToLeave = 3;

function runProxy(port: number) {
  const backends: Backend[] = [];
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const send = (message: FromProxy) => process.send?.(message);

  const pick = (): Backend | undefined => {
    const ready = backends.filter((backend) => backend.up && !backend.drained);
    if (ready.length === 0) return undefined;
    next = (next + 1) % ready.length;
    return ready[next];
  };

  const server = http.createServer((request, response) => {
    const backend = pick();
    if (!backend) {
      response.writeHead(503, { 'x-bench-failure': 'no-backend' }).end();
      return;
    }
    const forward = (retry: boolean) => {
      const upstream = http.request(
        { host: '127.0.0.1', port: backend.port, method: request.method, path: request.url, headers: request.headers, agent },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-bench-backend': backend.name });
          answer.pipe(response);
          answer.on('error', () => response.destroy());
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the backend closed as it was reused: the request never reached it.
        if (retry && upstream.reusedSocket && error.code === 'ECONNRESET' && request.method === 'GET') return forward(false);
        if (error.code === 'ECONNREFUSED') backend.up = false;
        if (response.headersSent) return void response.destroy();
        response.writeHead(502, { 'x-bench-backend': backend.name, 'x-bench-failure': 'upstream' }).end();
      });
      if (request.method === 'GET') upstream.end();
      else request.pipe(upstream);
    };
    forward(true);
  });

  server.on('upgrade', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    client.on('error', () => client.destroy());
    const backend = pick();
    if (!backend) return void client.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    const upstream = net.connect(backend.realtimePort ?? backend.port, '127.0.0.1');
    let connected = false;
    upstream.on('connect', () => {
      connected = true;
      backend.tunnels += 1;
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let index = 0; index < request.rawHeaders.length; index += 2) lines.push(`${request.rawHeaders[index]}: ${request.rawHeaders[index + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected) {
        backend.upgradeFailures += 1;
        if (error.code === 'ECONNREFUSED') backend.up = false;
      }
      client.destroy();
    });
    upstream.on('close', () => {
      if (connected) backend.tunnels -= 1;
      client.destroy();
    });
    // A tunnel has no use for half a connection: a client that gave up (its handshake timed out) must not
    // leave the backend admitting a socket nobody reads.
    client.on('end', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('end', () => client.destroy());
  });

  const check = (backend: Backend) => {
    if (backend.drained) return;
    const failed = (refused: boolean) => {
      backend.failedChecks += 1;
      if (refused || backend.failedChecks >= failuresToLeave) backend.up = false;
    };
    const request = http.get({ host: '127.0.0.1', port: backend.port, path: '/api/health', timeout: healthTimeoutMs }, (answer) => {
      answer.resume();
      if (answer.statusCode !== 200) return failed(false);
      [backend.up, backend.failedChecks] = [true, 0];
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error: NodeJS.ErrnoException) => failed(error.code === 'ECONNREFUSED'));
  };
  const checks = setInterval(() => backends.forEach(check), healthCheckMs);
  const report = setInterval(
    () => send({ type: 'backends', backends: backends.map(({ name, up, drained, tunnels, upgradeFailures }) => ({ name, up, drained, tunnels, upgradeFailures })) }),
    500,
  );

  process.on('message', (message: ToProxy) => {
    if (message.type === 'add') {
      const backend = { name: message.name, port: message.port, realtimePort: message.realtimePort, up: false, drained: false, tunnels: 0, upgradeFailures: 0, failedChecks: 0 };
      backends.push(backend);
      check(backend);
    } else if (message.type === 'drain') {
      const backend = backends.find(({ name }) => name === message.name);
      if (backend) [backend.drained, backend.up] = [true, false];
    } else {
      clearInterval(checks);
      clearInterval(report);
      server.closeAllConnections();
      server.close(() => process.exit(0));
      setTimeout(() => process.exit(0), 1_000).unref();
    }
  });
  process.on('disconnect', () => process.exit(0));
  server.listen(port, '127.0.0.1', () => send({ type: 'listening', port }));
}

runProxy(Number(process.env.BENCH_PROXY_PORT));
