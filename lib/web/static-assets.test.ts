import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { acceptsBrotli, indexStaticAssets, serveStaticAsset } from './static-assets';

// A build directory with one script, its Brotli copy, and a file without one; a real HTTP server
// answers from it as server.ts does, and says "next" for whatever it leaves to Next.

const script = 'console.log("treasury");'.repeat(200);
let distDir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-assets-'));
  fs.mkdirSync(path.join(distDir, 'static', 'chunks'), { recursive: true });
  fs.writeFileSync(path.join(distDir, 'static', 'chunks', 'app.js'), script);
  fs.writeFileSync(path.join(distDir, 'static', 'chunks', 'app.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(distDir, 'static', 'chunks', 'plain.js'), script);
  fs.writeFileSync(path.join(distDir, 'package.json.br'), zlib.brotliCompressSync('{"secret":true}'));
  const assets = indexStaticAssets(distDir);
  server = http.createServer((request, response) => {
    if (!serveStaticAsset(assets, request, response)) response.end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(distDir, { recursive: true, force: true });
});

/** A raw request: fetch would decode the body and hide the encoding. */
function get(pathname: string, headers: http.OutgoingHttpHeaders, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(`${base}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

it('sends the Brotli copy to a browser that accepts it, with the headers Next gives static files', async () => {
  const response = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
  expect(response.status).toBe(200);
  expect(response.headers).toMatchObject({
    'content-encoding': 'br',
    'content-type': 'application/javascript; charset=UTF-8',
    'cache-control': 'public, max-age=31536000, immutable',
    vary: 'Accept-Encoding',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  });
  expect(Number(response.headers['content-length'])).toBe(response.body.length);
  expect(zlib.brotliDecompressSync(response.body).toString()).toBe(script);
});

it('answers 304 to the ETag it sent, and a HEAD without a body', async () => {
  const first = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' });
  const etag = first.headers.etag!;
  expect(etag).toMatch(/^"br-/);
  const again = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br', 'if-none-match': etag });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
  const head = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'HEAD');
  expect(head.status).toBe(200);
  expect(head.headers['content-length']).toBe(first.headers['content-length']);
  expect(head.body.length).toBe(0);
});

it('leaves to Next what it cannot answer in Brotli', async () => {
  const cases: [string, http.OutgoingHttpHeaders, string?][] = [
    ['/_next/static/chunks/app.js', { 'accept-encoding': 'gzip' }],
    ['/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, br;q=0' }],
    ['/_next/static/chunks/app.js', {}],
    ['/_next/static/chunks/app.js', { 'accept-encoding': 'br', range: 'bytes=0-10' }],
    ['/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'POST'],
    ['/_next/static/chunks/plain.js', { 'accept-encoding': 'br' }],
    ['/_next/static/chunks/missing.js', { 'accept-encoding': 'br' }],
    ['/_next/static/../package.json', { 'accept-encoding': 'br' }],
    ['/_next/static/chunks/app.js.br', { 'accept-encoding': 'br' }],
  ];
  for (const [pathname, headers, method] of cases) {
    const response = await get(pathname, headers, method);
    expect({ pathname, headers, body: response.body.toString() }).toEqual({ pathname, headers, body: 'next' });
  }
});

it('reads Accept-Encoding as RFC 9110 does for br', () => {
  expect(acceptsBrotli('gzip, deflate, br')).toBe(true);
  expect(acceptsBrotli('BR;q=0.5')).toBe(true);
  expect(acceptsBrotli('br;q=0')).toBe(false);
  expect(acceptsBrotli('brotli, gzip')).toBe(false);
  expect(acceptsBrotli(undefined)).toBe(false);
  expect(acceptsBrotli('*')).toBe(false);
});
