import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A tiny local HTTP server for the payment providers' fakes: routes by method and path pattern,
// hands each handler the raw body, and records every request.

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  params: string[];
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeServer {
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

export async function startFakeServer(routes: Array<[method: string, pattern: RegExp, handler: FakeHandler]>): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void (async () => {
        const url = new URL(incoming.url ?? '/', 'http://localhost');
        const method = incoming.method ?? 'GET';
        const base = { method, path: url.pathname, query: url.searchParams, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') };
        for (const [routeMethod, pattern, handler] of routes) {
          const match = routeMethod === method ? pattern.exec(url.pathname) : null;
          if (!match) continue;
          const request = { ...base, params: match.slice(1).map(decodeURIComponent) };
          requests.push(request);
          const reply = await handler(request);
          const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
          response.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers }).end(text);
          return;
        }
        requests.push({ ...base, params: [] });
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'not found' }));
      })().catch((error: unknown) => response.writeHead(500).end(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Stripe's form encoding (`items[0][price_data][currency]=usd`) back into nested objects and arrays. */
export function parseForm(body: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: any = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      if (last) node[part] = value;
      else node = node[part] ??= /^\d+$/.test(parts[index + 1]!) ? [] : {};
    });
  }
  return root;
}
