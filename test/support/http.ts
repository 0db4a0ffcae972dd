import crypto from 'node:crypto';

// Calls route handlers the way Next does, with a tiny cookie jar, for integration tests.

type Handler = (request: Request, context: never) => Promise<Response> | Response;

function randomIp() {
  const bytes = crypto.randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export class CookieJar {
  readonly cookies = new Map<string, string>();

  constructor(readonly ip = randomIp()) {}

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  }

  absorb(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = decodeURIComponent(pair!.slice(index + 1).trim());
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  clone() {
    const copy = new CookieJar(this.ip);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Sent as is; bytes allow invalid UTF-8. */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  jar?: CookieJar;
  headers?: Record<string, string>;
  params?: Record<string, string | string[]>;
}

export async function call(handler: Handler, path: string, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  if (options.jar) {
    headers.set('cookie', options.jar.header());
    headers.set('x-forwarded-for', options.jar.ip);
  }
  const body = options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined);
  // A content-type the caller chose (a hostile-input test's text/plain, say) is kept.
  if (body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const request = new Request(`http://localhost${path}`, { method: options.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body });
  const context = { params: Promise.resolve(options.params ?? {}) } as never;
  const response = await handler(request, context);
  options.jar?.absorb(response);
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any response body by path (response.json.user.id); a typed body per route would add nothing to the assertions
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text, headers: response.headers };
}
