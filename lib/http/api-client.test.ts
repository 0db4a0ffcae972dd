import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, apiRequest, getJson } from './api-client';

let server: http.Server;
let base: string;
const received: { method?: string; contentType?: string; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ method: request.method, contentType: request.headers['content-type'], body });
      if (request.url === '/user') return response.writeHead(401).end('{"message":"Not signed in"}');
      if (request.url === '/missing') return response.writeHead(404, 'Not Found').end();
      if (request.url === '/invalid') return response.writeHead(400).end('{"message":"Please enter a valid email","errors":{"email":["Please enter a valid email"]}}');
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => (received.length = 0));

it('sends JSON only when there is a body', async () => {
  await apiRequest('POST', `${base}/ok`, { email: 'a@b.co' });
  await apiRequest('POST', `${base}/ok`);
  expect(received).toEqual([
    { method: 'POST', contentType: 'application/json', body: '{"email":"a@b.co"}' },
    { method: 'POST', contentType: undefined, body: '' },
  ]);
});

it('raises "<status>: <response text>" for a non-OK answer, or the status text when empty', async () => {
  await expect(apiRequest('GET', `${base}/user`)).rejects.toThrow('401: {"message":"Not signed in"}');
  await expect(apiRequest('GET', `${base}/missing`)).rejects.toThrow('404: Not Found');
});

it('exposes the server message and field errors of a failure', async () => {
  const error = await apiRequest('POST', `${base}/invalid`, {}).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(400);
  expect((error as ApiError).serverMessage).toBe('Please enter a valid email');
  expect((error as ApiError).fields).toEqual({ email: ['Please enter a valid email'] });
});

it('reads JSON, and returns null on 401 only in the returnNull mode', async () => {
  expect(await getJson(`${base}/ok`)).toEqual({ ok: true });
  expect(await getJson(`${base}/user`, { on401: 'returnNull' })).toBeNull();
  await expect(getJson(`${base}/user`)).rejects.toThrow('401: {"message":"Not signed in"}');
});
