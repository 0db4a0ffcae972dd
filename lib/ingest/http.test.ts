import { startReplayServer, type ReplayServer } from '@/test/support/replay-server';
import { decodeBody, getWithRetry, HttpError, RateLimiter, retryDelayMs } from './http';

let server: ReplayServer;
beforeEach(async () => (server = await startReplayServer()));
afterEach(() => server.close());

describe('RateLimiter', () => {
  it('spaces calls at least the gap apart, in order', async () => {
    const limiter = new RateLimiter(100);
    const times = await Promise.all(Array.from({ length: 5 }, () => limiter.take()));
    for (let index = 1; index < times.length; index += 1) expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(100);
  });
});

describe('getWithRetry', () => {
  it('retries a 429 after the Retry-After seconds, then returns the body', async () => {
    server.routes.set('/feed', (_request, count) => (count === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { body: 'ok' }));
    const started = performance.now();
    const body = await getWithRetry(`${server.url}/feed`, { timeoutMs: 2000 });
    expect(body).toMatchObject({ status: 200, attempts: 2 });
    expect(body.bytes.toString()).toBe('ok');
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('backs off exponentially on 503 without Retry-After and gives up after the last attempt', async () => {
    server.routes.set('/down', () => ({ status: 503 }));
    await expect(getWithRetry(`${server.url}/down`, { timeoutMs: 2000, maxAttempts: 3, baseDelayMs: 20 })).rejects.toThrow(
      `GET ${server.url}/down answered 503 Service Unavailable after 3 attempts`,
    );
    const [first, second, third] = server.requests.map((request) => request.at);
    expect(second! - first!).toBeGreaterThanOrEqual(20);
    expect(third! - second!).toBeGreaterThanOrEqual(40);
  });

  it('does not retry a 404', async () => {
    await expect(getWithRetry(`${server.url}/missing`, { timeoutMs: 2000 })).rejects.toMatchObject({ status: 404 });
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a Retry-After longer than it may wait', async () => {
    server.routes.set('/blocked', () => ({ status: 429, headers: { 'retry-after': '600' } }));
    await expect(getWithRetry(`${server.url}/blocked`, { timeoutMs: 2000, maxDelayMs: 5000 })).rejects.toThrow('Retry-After asks for 600 s');
  });

  it('times out a server that does not answer', async () => {
    server.routes.set('/slow', () => new Promise(() => {}));
    await expect(getWithRetry(`${server.url}/slow`, { timeoutMs: 200 })).rejects.toThrow(`GET ${server.url}/slow timed out after 200 ms`);
  });

  it('names a refused connection', async () => {
    const closed = server.url;
    await server.close();
    const error = await getWithRetry(`${closed}/feed`, { timeoutMs: 2000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    server = await startReplayServer();
  });
});

it('reads Retry-After as seconds or as a date', () => {
  expect(retryDelayMs('3', 1, 500)).toBe(3000);
  expect(retryDelayMs('Mon, 12 Jan 2026 16:00:10 GMT', 1, 500, Date.parse('2026-01-12T16:00:00Z'))).toBe(10_000);
  const jittered = retryDelayMs(null, 3, 500);
  expect(jittered).toBeGreaterThanOrEqual(2000);
  expect(jittered).toBeLessThan(4000);
});

it('decodes by the declared charset and drops a byte-order mark', () => {
  expect(decodeBody({ bytes: Buffer.from([0x43, 0x61, 0x66, 0xe9]), contentType: 'text/plain; charset=ISO-8859-1' })).toBe('Café');
  expect(decodeBody({ bytes: Buffer.from('\ufeff<p>x</p>'), contentType: 'text/html' })).toBe('<p>x</p>');
});
