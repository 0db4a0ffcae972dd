import type http from 'node:http';
import { startLocalServer, type LocalReply } from './http-server';

// A local HTTP server that answers like an upstream API, for integration tests and benchmarks:
// each route returns the recorded body with the content type the real service sends.

interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** performance.now() when the request arrived. */
  at: number;
}

/** Returns a reply, or undefined for a 404. `count` is how many times this path was asked for, this one included. */
export type Route = (request: RecordedRequest, count: number) => LocalReply | undefined | Promise<LocalReply | undefined>;

export interface ReplayServer {
  url: string;
  requests: RecordedRequest[];
  /** Routes by path (query ignored); replace or add at any time. */
  routes: Map<string, Route>;
  close(): Promise<void>;
}

const notFound: LocalReply = { status: 404, headers: { 'content-type': 'text/html' }, body: '<html><body>Not Found</body></html>' };

export async function startReplayServer(routes: Record<string, Route> = {}): Promise<ReplayServer> {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const counts = new Map<string, number>();
  const server = await startLocalServer(async ({ method, path, query, headers, receivedAt }) => {
    const request: RecordedRequest = { method, path, query, headers, at: receivedAt };
    requests.push(request);
    const count = (counts.get(path) ?? 0) + 1;
    counts.set(path, count);
    return (await table.get(path)?.(request, count)) ?? notFound;
  });
  return { url: server.url, requests, routes: table, close: server.close };
}
