import net from 'node:net';
import { expect, test, type APIResponse } from '@playwright/test';

// Hostile requests that never reach a handler the integration tests can call: Next's own method
// dispatch and path decoding (answered by middleware), next-auth's catch-all, which needs Next's request
// scope, and server.ts's upgrade listener. Each answer is a 4xx, with a JSON message where a body is
// read (app/api/hostile-input.int.test.ts covers the handlers themselves).

async function expectJsonError(response: APIResponse, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(typeof (await response.json()).message).toBe('string');
}

test('a method a route does not export is a JSON 405 with Allow', async ({ request, baseURL }) => {
  for (const [method, path, allow] of [
    ['DELETE', '/api/signals', 'GET, HEAD, OPTIONS'],
    ['GET', '/api/auth/login', 'POST, OPTIONS'],
    ['PUT', '/api/auth/session', 'GET, POST, HEAD, OPTIONS'],
    ['PATCH', '/api/watchlist', 'GET, POST, HEAD, OPTIONS'],
  ] as const) {
    const response = await request.fetch(`${baseURL}${path}`, { method, headers: { origin: baseURL! } });
    await expectJsonError(response, 405);
    expect(response.headers().allow).toBe(allow);
  }
});

test('a path that is not valid percent-encoded UTF-8 is a JSON 400, not a 500', async ({ request, baseURL }) => {
  for (const path of ['/api/signals/%zz', '/api/signals/%ED%A0%80', '/api/auth/%C0%AF']) {
    await expectJsonError(await request.get(`${baseURL}${path}`), 400);
  }
});

test("next-auth's endpoints answer hostile input with JSON 4xx", async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const json = { 'content-type': 'application/json' };
  // Bytes: Playwright would JSON-encode a string that is not JSON.
  await expectJsonError(await api.post('/api/auth/callback/credentials', { headers: json, data: Buffer.from('{"email":'), maxRedirects: 0 }), 400);
  await expectJsonError(await api.get('/api/auth/no-such-action'), 400);
  await expectJsonError(await api.post('/api/auth/session', { headers: json, data: Buffer.from('42') }), 400);
  await expectJsonError(await api.get('/api/auth/error?error=%0d%0aSet-Cookie:%20a=1'), 400);
  await expectJsonError(await api.get('/api/auth/csrf?callbackUrl=garbage'), 400);
  const forged = await api.get('/api/auth/session', { headers: { cookie: 'next-auth.callback-url=garbage' } });
  await expectJsonError(forged, 400);
  expect(forged.headers()['set-cookie']).toMatch(/next-auth\.callback-url=;.*Max-Age=0/);
  // A callbackUrl in the body that is not a URL, or not text, ends at the site instead of a 500.
  for (const callbackUrl of ['garbage', { a: 1 }, '/x\u0000', 'http://[']) {
    const response = await api.post('/api/auth/signout', { headers: json, data: { callbackUrl, csrfToken: 'x' }, maxRedirects: 0 });
    expect(response.status(), JSON.stringify(callbackUrl)).toBeLessThan(500);
  }
  expect((await api.get('/api/auth/session')).status()).toBe(200);
  await api.dispose();
});

test('an upgrade request whose target is no URL is a 400, and the server keeps serving', async ({ request, baseURL }) => {
  const { hostname, port } = new URL(baseURL!);
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(`GET http://[ HTTP/1.1\r\nHost: ${hostname}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n`));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
  expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
  expect((await request.get('/api/health')).status()).toBe(200);
});
