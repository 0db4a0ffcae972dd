import http from 'node:http';
import type { AddressInfo } from 'node:net';

// Local HTTP servers that stand in for outside services in tests and benchmarks (no test reaches
// the network). startLocalServer is the one listener: it reads the request, hands it to a
// function and writes back what that answers. startFakeServer routes JSON APIs by method and
// path pattern on top of it and records every request.

interface LocalRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** performance.now() when the request arrived. */
  receivedAt: number;
}

export interface LocalReply {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

interface LocalServer {
  url: string;
  close(): Promise<void>;
}

/** Listens on a free port of 127.0.0.1; a function that throws answers 500 with its error. */
export async function startLocalServer(respond: (request: LocalRequest) => LocalReply | Promise<LocalReply>): Promise<LocalServer> {
  const server = http.createServer((incoming, response) => {
    const receivedAt = performance.now();
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void (async () => {
        const url = new URL(incoming.url ?? '/', 'http://localhost');
        const request = {
          method: incoming.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: incoming.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          receivedAt,
        };
        const reply = await respond(request);
        response.writeHead(reply.status ?? 200, reply.headers ?? {}).end(reply.body ?? '');
      })().catch((error: unknown) => response.writeHead(500).end(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface FakeRequest extends LocalRequest {
  params: string[];
}

export interface FakeReply {
  status?: number;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeServer extends LocalServer {
  requests: FakeRequest[];
}

/** A JSON API: the first route whose method and path pattern match answers; the pattern's groups are `params`. */
export async function startFakeServer(routes: Array<[method: string, pattern: RegExp, handler: FakeHandler]>): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = await startLocalServer(async (incoming) => {
    for (const [routeMethod, pattern, handler] of routes) {
      const match = routeMethod === incoming.method ? pattern.exec(incoming.path) : null;
      if (!match) continue;
      const request = { ...incoming, params: match.slice(1).map(decodeURIComponent) };
      requests.push(request);
      const reply = await handler(request);
      const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
      return { status: reply.status ?? 200, headers: { 'content-type': 'application/json', ...reply.headers }, body };
    }
    requests.push({ ...incoming, params: [] });
    return { status: 404, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'not found' }) };
  });
  return { ...server, requests };
}
