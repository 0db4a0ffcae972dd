import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HTTP server that answers like an upstream API, for integration tests and benchmarks:
// each route returns the recorded body with the content type the real service sends.

interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** performance.now() when the request arrived. */
  at: number;
}

/** Returns a reply, or undefined for a 404. `count` is how many times this path was asked for, this one included. */
export type Route = (request: RecordedRequest, count: number) => Reply | undefined | Promise<Reply | undefined>;

export interface ReplayServer {
  url: string;
  requests: RecordedRequest[];
  /** Routes by path (query ignored); replace or add at any time. */
  routes: Map<string, Route>;
  close(): Promise<void>;
}

export async function startReplayServer(routes: Record<string, Route> = {}): Promise<ReplayServer> {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const counts = new Map<string, number>();
  const server = http.createServer((incoming, response) => {
    const parsed = new URL(incoming.url ?? '/', 'http://localhost');
    const request: RecordedRequest = { method: incoming.method ?? 'GET', path: parsed.pathname, query: parsed.searchParams, headers: incoming.headers, at: performance.now() };
    requests.push(request);
    const count = (counts.get(parsed.pathname) ?? 0) + 1;
    counts.set(parsed.pathname, count);
    void (async () => {
      const reply = await table.get(parsed.pathname)?.(request, count);
      if (!reply) {
        response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not Found</body></html>');
        return;
      }
      response.writeHead(reply.status ?? 200, reply.headers ?? {}).end(reply.body ?? '');
    })().catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    routes: table,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
