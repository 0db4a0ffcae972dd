import crypto from 'node:crypto';

// ETags and caching for /api/v1 answers: a poller that sends If-None-Match gets a 304 with no body
// while nothing changed. The tag hashes the exact bytes sent, so it changes when any figure does.

export function etagOf(body: string): string {
  return `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

export function cachedJson(request: Request, body: unknown, maxAgeSeconds: number, headers: Record<string, string>): Response {
  const text = JSON.stringify(body);
  const etag = etagOf(text);
  const common = {
    ...headers,
    ETag: etag,
    'Cache-Control': `private, max-age=${maxAgeSeconds}`,
    // A shared cache must not hand one caller's answer to another.
    Vary: 'Authorization, Cookie',
  };
  if (matchesEtag(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers: common });
  return new Response(text, { status: 200, headers: { ...common, 'Content-Type': 'application/json; charset=utf-8' } });
}
