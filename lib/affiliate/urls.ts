// Shared links are absolute, built on the origin the request came in on, so a link copied from
// the page opens the same deployment.

export function requestOrigin(request: Request): string {
  return new URL(request.url).origin;
}

export function affiliateLinkUrl(origin: string, code: string): string {
  return `${origin}/r/${code}`;
}

export function trialLinkUrl(origin: string, token: string): string {
  return `${origin}/trial/${token}`;
}
