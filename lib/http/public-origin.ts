// The origin the browser used to reach us, so sign-in, cookies, next-auth's redirects and the
// cross-origin check work on any host name (each preview deployment has its own) without
// configuring it. Forwarded headers are believed only behind a proxy we trust (TRUST_PROXY), which
// overwrites them; anyone can send them straight to an exposed server.

const hostPattern = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export interface PublicOrigin {
  protocol: 'http' | 'https';
  /** Host name with its port when not the default, e.g. `preview-abc.example.test:3000`. */
  host: string;
}

function firstValue(header: string | null): string | undefined {
  return header?.split(',')[0]?.trim() || undefined;
}

function isProxyTrusted(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  const value = env.TRUST_PROXY?.trim();
  return value === 'true' || value === '1';
}

/** What publicOrigin reads of a request's headers: a Fetch API Headers, or a lookup in Node's own. */
export type HeaderReader = Pick<Headers, 'get'>;

/** Host and scheme of the request as the browser addressed it. */
export function publicOrigin(headers: HeaderReader, requestUrl: string, trustProxy = isProxyTrusted()): PublicOrigin {
  const url = new URL(requestUrl);
  const forwardedHost = trustProxy ? firstValue(headers.get('x-forwarded-host')) : undefined;
  const forwardedProto = trustProxy ? firstValue(headers.get('x-forwarded-proto')) : undefined;
  const host = [forwardedHost, firstValue(headers.get('host'))].find((candidate) => candidate && hostPattern.test(candidate)) ?? url.host;
  const protocol = forwardedProto === 'http' || forwardedProto === 'https' ? forwardedProto : url.protocol === 'https:' ? 'https' : 'http';
  return { protocol, host: host.toLowerCase() };
}

export function originString({ protocol, host }: PublicOrigin): string {
  return `${protocol}://${host}`;
}

/**
 * Request headers that state the public origin as X-Forwarded-Host/-Proto, whatever the client sent:
 * next-auth builds its redirects and cookie names from these (lib/auth/next-auth.ts).
 */
export function withForwardedOrigin(headers: Headers, origin: PublicOrigin): Headers {
  const next = new Headers(headers);
  next.set('x-forwarded-host', origin.host);
  next.set('x-forwarded-proto', origin.protocol);
  return next;
}
