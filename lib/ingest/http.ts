import { setTimeout as sleep } from 'node:timers/promises';

// Outbound HTTP for the ingesters: a spacing limiter per upstream, bounded retries with exponential
// backoff and jitter on 429/5xx (honouring Retry-After), a timeout on every attempt, and bodies
// decoded in the charset the server declares (EDGAR's Atom feed is ISO-8859-1).

export class HttpError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Spaces calls at least `minGapMs` apart, in call order, across everything that shares it. */
export class RateLimiter {
  private queue: Promise<number> = Promise.resolve(-Infinity);

  constructor(readonly minGapMs: number) {}

  /** Resolves with the moment (performance.now()) this caller may go: at least minGapMs after the previous one went. */
  take(): Promise<number> {
    const turn = this.queue.then(async (previous) => {
      const slot = previous + this.minGapMs;
      // setTimeout may wake a little early; the gap is measured, not assumed.
      while (performance.now() < slot) await sleep(Math.max(1, Math.ceil(slot - performance.now())));
      return performance.now();
    });
    this.queue = turn;
    return turn;
  }
}

const globalForLimiters = globalThis as typeof globalThis & { __ingestLimiters?: Map<string, RateLimiter> };

/**
 * One limiter per upstream and process, shared through globalThis: server.ts and Next's bundled route
 * handlers load this module separately, and a manual refresh must queue behind the scheduler.
 */
export function sharedLimiter(key: string, minGapMs: number): RateLimiter {
  const limiters = (globalForLimiters.__ingestLimiters ??= new Map());
  let limiter = limiters.get(key);
  if (!limiter) {
    limiter = new RateLimiter(minGapMs);
    limiters.set(key, limiter);
  }
  return limiter;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  timeoutMs: number;
  limiter?: RateLimiter;
  signal?: AbortSignal;
  /** Attempts in all, the first included. */
  maxAttempts?: number;
  baseDelayMs?: number;
  /** A Retry-After longer than this ends the run instead of blocking it; the next run tries again. */
  maxDelayMs?: number;
  /** Bodies above this are refused (filings can be tens of megabytes; we read documents, not data files). */
  maxBytes?: number;
}

const retryableStatuses = new Set([429, 500, 502, 503, 504]);
const defaultMaxBytes = 8 * 1024 * 1024;

export interface HttpBody {
  url: string;
  status: number;
  contentType: string;
  bytes: Buffer;
  attempts: number;
}

/** GETs `url`, retrying 429 and 5xx; throws HttpError for anything else that is not 2xx, or when attempts run out. */
export async function getWithRetry(url: string, options: RequestOptions): Promise<HttpBody> {
  const maxAttempts = options.maxAttempts ?? 4;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 60_000;
  for (let attempt = 1; ; attempt += 1) {
    await options.limiter?.take();
    const response = await fetchOnce(url, options);
    if (response.ok) {
      const bytes = await readLimited(response, url, options.maxBytes ?? defaultMaxBytes);
      return { url, status: response.status, contentType: response.headers.get('content-type') ?? '', bytes, attempts: attempt };
    }
    await response.body?.cancel().catch(() => undefined);
    const problem = `GET ${url} answered ${response.status} ${response.statusText}`.trim();
    if (!retryableStatuses.has(response.status) || attempt >= maxAttempts) {
      throw new HttpError(attempt > 1 ? `${problem} after ${attempt} attempts` : problem, response.status);
    }
    const delay = retryDelayMs(response.headers.get('retry-after'), attempt, baseDelayMs);
    if (delay > maxDelayMs) {
      throw new HttpError(`${problem}; Retry-After asks for ${Math.ceil(delay / 1000)} s, more than this run waits`, response.status);
    }
    await sleep(delay, undefined, { signal: options.signal });
  }
}

async function fetchOnce(url: string, options: RequestOptions): Promise<Response> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    return await fetch(url, { headers: options.headers, signal, redirect: 'follow' });
  } catch (error) {
    if (timeout.aborted) throw new HttpError(`GET ${url} timed out after ${options.timeoutMs} ms`);
    throw new HttpError(`GET ${url} failed: ${describeNetworkError(error)}`);
  }
}

async function readLimited(response: Response, url: string, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new HttpError(`GET ${url} is ${declared} bytes, more than the ${maxBytes} this ingester reads`);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new HttpError(`GET ${url} is more than the ${maxBytes} bytes this ingester reads`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** Retry-After in seconds or as an HTTP date; otherwise base × 2^(attempt-1) plus up to the same again as jitter. */
export function retryDelayMs(retryAfter: string | null, attempt: number, baseDelayMs: number, now = Date.now()): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const exponential = baseDelayMs * 2 ** (attempt - 1);
  return exponential + Math.random() * exponential;
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (cause?.message) return cause.message;
  if (cause?.code) return cause.code;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Decodes a body in the charset the Content-Type names, else the one an XML declaration names,
 * else UTF-8; a byte-order mark is dropped.
 */
export function decodeBody({ bytes, contentType }: Pick<HttpBody, 'bytes' | 'contentType'>): string {
  const declared =
    /charset="?([\w-]+)"?/i.exec(contentType)?.[1] ?? /^<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(bytes.subarray(0, 200).toString('latin1'))?.[1];
  const charset = (declared ?? 'utf-8').toLowerCase();
  let text: string;
  if (['iso-8859-1', 'latin1', 'latin-1', 'l1'].includes(charset)) text = bytes.toString('latin1');
  else {
    try {
      text = new TextDecoder(charset).decode(bytes);
    } catch {
      text = bytes.toString('utf8');
    }
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
