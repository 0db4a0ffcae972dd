// Shared links and redirects are absolute, built on the origin the visitor used, so a link copied
// from the page opens the same deployment. request.url cannot tell: behind the custom server it
// carries the host Next was started with (e.g. localhost), and behind a proxy the internal one.

const hostPattern = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function firstValue(header: string | null): string | undefined {
  return header?.split(',')[0]?.trim() || undefined;
}

// Only the requester's own answer is built from these headers, so a forged one misleads only them.
export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = firstValue(request.headers.get('x-forwarded-host')) ?? firstValue(request.headers.get('host'));
  const proto = firstValue(request.headers.get('x-forwarded-proto'));
  const scheme = proto === 'http' || proto === 'https' ? proto : url.protocol.slice(0, -1);
  return `${scheme}://${host && hostPattern.test(host) ? host : url.host}`;
}

export function affiliateLinkUrl(origin: string, code: string): string {
  return `${origin}/r/${code}`;
}

export function trialLinkUrl(origin: string, token: string): string {
  return `${origin}/trial/${token}`;
}
