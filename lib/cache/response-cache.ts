import { createHash } from 'node:crypto';
import { processTableChanges, touches, type TableChanges } from './table-changes';

// Serialized JSON bodies of the hot polled reads, computed once per data change instead of once per
// request. Each entry names the tables it was read from and is dropped when a committed write touches
// one of them (in this process, or in another one through the bus), and in any case after its TTL: the
// bodies also depend on the clock (the last 30 days of signals, the price at or before now, ages), and
// the TTL bounds how stale that part may grow (docs: README, "Performance"). For one more TTL an expired
// entry keeps serving while a single recomputation runs: at ten times the data a recomputation takes long
// enough that making every caller wait for it each TTL stalled the hot reads (docs/performance.md).

export interface CachedResponse {
  /** The JSON text, exactly what Response.json would have sent. */
  body: string;
  /** A strong validator of `body` (quoted, as the header carries it). */
  etag: string;
  status: number;
  headers: Readonly<Record<string, string>>;
}

export interface CachePolicy {
  /** The tables (Prisma model names) the body is read from. */
  tables: readonly string[];
  /** How long an entry may serve at most, for what changes with the clock alone. */
  ttlMs: number;
}

export interface Computed {
  body: unknown;
  status?: number;
  headers?: Record<string, string>;
}

interface Entry extends CachedResponse {
  tables: readonly string[];
  expiresAt: number;
}

interface Pending {
  tables: readonly string[];
  promise: Promise<CachedResponse>;
  /** A write to its tables committed while it was computing: its result serves its callers, not the cache. */
  stale: boolean;
}

/**
 * The longest an entry lives while the process is cut off from the others (TableChanges.isolated):
 * short TTLs rather than no cache, so a hot read still costs one query a second, not one per request,
 * and what another process wrote shows within that second (plus one while it is recomputed).
 */
const isolatedTtlMs = 1000;

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Pending>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly changes: TableChanges,
    private readonly options: { maxEntries?: number; now?: () => number } = {},
  ) {
    this.unsubscribe = changes.subscribe((tables) => this.invalidate(tables));
  }

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  /** The cached response under `key`, or the one `compute` gives, which then serves until a change or its TTL (and one more while it is recomputed). */
  async get(key: string, given: CachePolicy, compute: () => Promise<Computed>): Promise<CachedResponse> {
    this.changes.ensureBus();
    const policy = this.changes.isolated && given.ttlMs > isolatedTtlMs ? { ...given, ttlMs: isolatedTtlMs } : given;
    const entry = this.entries.get(key);
    const now = this.now();
    if (entry && entry.expiresAt > now) return entry;
    const running = this.pending.get(key);
    if (entry && entry.expiresAt + policy.ttlMs > now) {
      // Expired by the clock alone (a write would have dropped it): served while it is recomputed.
      if (!running || running.stale) this.compute(key, policy, compute).catch(() => {});
      return entry;
    }
    if (entry) this.entries.delete(key);
    if (running && !running.stale) return running.promise;
    return this.compute(key, policy, compute);
  }

  /** Computes the response under `key`, which callers of get() join until it is done. */
  private compute(key: string, policy: CachePolicy, compute: () => Promise<Computed>): Promise<CachedResponse> {
    const pending: Pending = { tables: policy.tables, stale: false, promise: undefined as unknown as Promise<CachedResponse> };
    pending.promise = (async () => {
      try {
        const computed = await compute();
        const body = JSON.stringify(computed.body);
        const response: CachedResponse = { body, etag: etagOf(body), status: computed.status ?? 200, headers: computed.headers ?? {} };
        if (!pending.stale) this.store(key, { ...response, tables: policy.tables, expiresAt: this.now() + policy.ttlMs });
        return response;
      } finally {
        if (this.pending.get(key) === pending) this.pending.delete(key);
      }
    })();
    this.pending.set(key, pending);
    return pending.promise;
  }

  /**
   * The entry under `key` if it is fresh, or expired while its recomputation runs (what get() would
   * serve); never computes.
   */
  peek(key: string): CachedResponse | undefined {
    this.changes.ensureBus();
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry;
    const running = this.pending.get(key);
    return running && !running.stale ? entry : undefined;
  }

  /**
   * The response a computation already running for `key` will give (what get() hands a concurrent
   * caller), or undefined when none is, or a write made it stale; never starts one.
   */
  whenComputed(key: string): Promise<CachedResponse> | undefined {
    const running = this.pending.get(key);
    return running && !running.stale ? running.promise : undefined;
  }

  private store(key: string, entry: Entry) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    const max = this.options.maxEntries ?? 500;
    // Oldest first: Map keeps insertion order.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= max) break;
      this.entries.delete(oldest);
    }
  }

  invalidate(tables: readonly string[]) {
    for (const [key, entry] of this.entries) if (touches(tables, entry.tables)) this.entries.delete(key);
    for (const pending of this.pending.values()) if (touches(tables, pending.tables)) pending.stale = true;
  }

  get size() {
    return this.entries.size;
  }

  close() {
    this.unsubscribe();
    this.entries.clear();
    this.pending.clear();
  }
}

const globalForCache = globalThis as typeof globalThis & { __treasuryResponseCache?: ResponseCache };

/** The process's response cache, fed by the process's table changes. */
export function responseCache(): ResponseCache {
  globalForCache.__treasuryResponseCache ??= new ResponseCache(processTableChanges());
  return globalForCache.__treasuryResponseCache;
}
