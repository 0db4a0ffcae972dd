import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { etagMatches } from '../http/etag';

// Next's static scripts and stylesheets in Brotli, answered by server.ts before Next sees the request.
// Next gzips /_next/static/* on every request; `npm run build` writes a smaller Brotli copy of each
// file (scripts/compress-static.mjs), and on a phone's slow link those bytes come before the first paint. A browser that does not accept Brotli, a range request, or a file without a
// copy goes to Next as before. Only the files found at start are served (a fixed table: no path from
// the request reaches the file system), each read once and kept.

export const staticPrefix = '/_next/static/';

interface Asset {
  file: string;
  type: string;
  etag: string;
  body?: Buffer;
}

const contentTypes: Record<string, string> = { '.js': 'application/javascript; charset=UTF-8', '.css': 'text/css; charset=UTF-8' };

/** The headers next.config.js gives every response, and a year's caching as Next gives these files (their names carry their hash). */
const assetHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'public, max-age=31536000, immutable',
  'Content-Encoding': 'br',
  Vary: 'Accept-Encoding',
};

/** Whether an Accept-Encoding header accepts Brotli (`br`, not `br;q=0`). */
export function acceptsBrotli(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((entry) => {
    const [coding, ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (coding !== 'br') return false;
    const quality = params.find((param) => param.startsWith('q='));
    return !quality || Number(quality.slice(2)) > 0;
  });
}

/** The Brotli copies under `distDir`/static, by the URL path Next serves each original at. */
export function indexStaticAssets(distDir: string): Map<string, Asset> {
  const root = path.join(distDir, 'static');
  const assets = new Map<string, Asset>();
  let files: string[];
  try {
    files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' });
  } catch {
    return assets;
  }
  for (const relative of files) {
    if (!relative.endsWith('.br')) continue;
    const original = relative.slice(0, -'.br'.length);
    const type = contentTypes[path.extname(original)];
    if (!type) continue;
    const file = path.join(root, relative);
    const { size, mtimeMs } = fs.statSync(file);
    assets.set(staticPrefix + original.split(path.sep).join('/'), { file, type, etag: `"br-${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"` });
  }
  return assets;
}

/** Answers a GET or HEAD of a static file in Brotli when it can; false leaves the request to Next. */
export function serveStaticAsset(assets: ReadonlyMap<string, Asset>, request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.headers.range || !acceptsBrotli(request.headers['accept-encoding'])) return false;
  const pathname = request.url?.split('?', 1)[0];
  const asset = pathname ? assets.get(pathname) : undefined;
  if (!asset) return false;
  const headers = { ...assetHeaders, 'Content-Type': asset.type, ETag: asset.etag };
  if (etagMatches(request.headers['if-none-match'] ?? null, asset.etag)) {
    response.writeHead(304, headers).end();
    return true;
  }
  try {
    asset.body ??= fs.readFileSync(asset.file);
  } catch {
    return false;
  }
  response.writeHead(200, { ...headers, 'Content-Length': asset.body.length });
  response.end(request.method === 'HEAD' ? undefined : asset.body);
  return true;
}
