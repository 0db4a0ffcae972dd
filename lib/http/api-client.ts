// The browser's one request helper (spec 000 §7): credentials always included, a JSON body only
// when there is one, and any non-OK answer raised as an Error whose message is
// "<status>: <response text or status text>".

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly responseText: string,
    statusText: string,
  ) {
    super(`${status}: ${responseText || statusText}`);
    this.name = 'ApiError';
  }

  private get body(): { message?: unknown; errors?: unknown } | undefined {
    try {
      const parsed: unknown = JSON.parse(this.responseText);
      return parsed && typeof parsed === 'object' ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  /** The server's `message`, for toasts that show it; undefined when the answer had none. */
  get serverMessage(): string | undefined {
    const message = this.body?.message;
    return typeof message === 'string' && message ? message : undefined;
  }

  /** Per-field validation messages of a 400, keyed like the form's fields. */
  get fields(): Record<string, string[]> | undefined {
    const errors = this.body?.errors;
    return errors && typeof errors === 'object' ? (errors as Record<string, string[]>) : undefined;
  }
}

async function throwIfNotOk(response: Response) {
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, text, response.statusText);
  }
}

export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** GETs `url` and parses JSON; with `returnNull`, a 401 reads as "no data" instead of an error. */
export async function getJson<T>(url: string, { on401 = 'throw' }: { on401?: UnauthorizedBehavior } = {}): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include' });
  if (on401 === 'returnNull' && response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/** A react-query queryFn reading the URL from the first element of the query key. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }) {
  return ({ queryKey }: { queryKey: readonly unknown[] }) => getJson<T>(String(queryKey[0]), { on401 });
}

/** What a failed call's toast says: the server's message, else the error's own, else `fallback`. */
export function errorText(error: unknown, fallback = 'Please try again.'): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : fallback;
}
