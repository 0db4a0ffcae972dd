import Redis from 'ioredis';
import { getEnv } from '../env';
import { AppError } from '../http/errors';
import { limitOf, rateLimitRules, type RateLimitName } from './rules';

// Fixed-window counters. In one process a Map does; with REDIS_URL every instance shares the same
// counters, so a limit holds however many servers answer (and, while Redis is out of reach, each
// process falls back to its own Map).

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  resetMs: number;
}

export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** How many hits the key's current window holds (0 when none). */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
      if (this.windows.size > 50_000) this.sweep(now);
    }
    window.count += 1;
    return { allowed: window.count <= limit, remaining: Math.max(0, limit - window.count), resetMs: window.resetAt - now };
  }

  async count(key: string): Promise<number> {
    const window = this.windows.get(key);
    return window && window.resetAt > Date.now() ? window.count : 0;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** How long a limiter whose Redis has not answered yet waits for its first connection before counting locally. */
const firstConnectWaitMs = 1_000;

/**
 * Counters in Redis, shared by every instance. While Redis is out of reach each process counts in its
 * own memory instead (a limit then holds per process, not in total): a request must not fail, or wait,
 * because the shared store is gone. ioredis reconnects by itself, and the counters go back to Redis.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly local = new MemoryRateLimiter();
  /** Whether this client has failed to reach Redis since it was made; then nobody waits for it. */
  private failed = false;

  private readonly onError = () => void (this.failed = true);

  constructor(private readonly redis: Redis) {
    redis.on('error', this.onError);
  }

  async close() {
    this.redis.off('error', this.onError);
    // A client that is reconnecting cannot send QUIT: stop it, or it retries for ever.
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** True while counting locally because Redis was lost (not while it first connects). */
  get degraded(): boolean {
    return this.failed && this.redis.status !== 'ready';
  }

  /** The first connection, which the first commands wait for (one wait shared by all of them). */
  private firstConnection: Promise<boolean> | undefined;

  /** Whether to use Redis for the next command; the first ones wait briefly for the first connection. */
  private async connected(): Promise<boolean> {
    const { redis } = this;
    if (redis.status === 'ready') return true;
    if (this.failed || !['wait', 'connecting', 'connect'].includes(redis.status)) return false;
    this.firstConnection ??= new Promise<boolean>((resolve) => {
      const done = (ready: boolean) => {
        clearTimeout(timer);
        redis.off('ready', onReady).off('error', onError);
        resolve(ready);
      };
      const onReady = () => done(true);
      const onError = () => done(false);
      const timer = setTimeout(() => done(false), firstConnectWaitMs);
      redis.once('ready', onReady).once('error', onError);
      if (redis.status === 'wait') redis.connect().catch(() => undefined);
    });
    return this.firstConnection;
  }

  /** `shared` against Redis, or `local` when Redis is out of reach or fails the command. */
  private async either<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (!(await this.connected())) return local();
    try {
      return await shared();
    } catch {
      return local();
    }
  }

  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    return this.either(
      async () => {
        const redisKey = `treasury:ratelimit:${key}`;
        const [[, count], [, ttl]] = (await this.redis
          .multi()
          .incr(redisKey)
          .pttl(redisKey)
          .exec()) as [[null, number], [null, number]];
        let resetMs = ttl;
        if (ttl < 0) {
          await this.redis.pexpire(redisKey, windowMs);
          resetMs = windowMs;
        }
        return { allowed: count <= limit, remaining: Math.max(0, limit - count), resetMs };
      },
      () => this.local.hit(key, limit, windowMs),
    );
  }

  count(key: string): Promise<number> {
    return this.either(
      async () => Number((await this.redis.get(`treasury:ratelimit:${key}`)) ?? 0),
      () => this.local.count(key),
    );
  }

  async reset(key: string): Promise<void> {
    // Both: a key counted locally during an outage is cleared too.
    await this.local.reset(key);
    await this.either(
      async () => void (await this.redis.del(`treasury:ratelimit:${key}`)),
      async () => undefined,
    );
  }
}

const globalForLimiter = globalThis as typeof globalThis & { __treasuryRateLimiter?: RateLimiter };

export function getRateLimiter(): RateLimiter {
  if (!globalForLimiter.__treasuryRateLimiter) {
    const url = getEnv().REDIS_URL;
    globalForLimiter.__treasuryRateLimiter = url
      ? // No offline queue and a command timeout: while Redis is away a command fails at once (and the
        // process counts locally) instead of waiting for a reconnection.
        new RedisRateLimiter(new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1_000 }).on('error', () => {}))
      : new MemoryRateLimiter();
  }
  return globalForLimiter.__treasuryRateLimiter;
}

/** Whether the process's limiter counts locally because its Redis is out of reach (false when none is open yet). */
export function rateLimiterDegraded(): boolean {
  return (globalForLimiter.__treasuryRateLimiter as Partial<RedisRateLimiter> | undefined)?.degraded === true;
}

export async function closeRateLimiter() {
  // Not instanceof: the limiter may come from another copy of this module (server.ts beside Next's bundles).
  const limiter = globalForLimiter.__treasuryRateLimiter as Partial<RedisRateLimiter> | undefined;
  globalForLimiter.__treasuryRateLimiter = undefined;
  await limiter?.close?.();
}

/** Throws a 429 with the given message once `key` has been hit more than `limit` times in the window. */
export async function enforceRateLimit(key: string, limit: number, windowMs: number, message: string) {
  const result = await getRateLimiter().hit(key, limit, windowMs);
  if (!result.allowed) {
    throw new AppError('rate_limited', message, undefined, { 'Retry-After': String(Math.ceil(result.resetMs / 1000)) });
  }
  return result;
}

/**
 * Throws a 429 once `subject` (an address or a user id) has used up the named limit of lib/rate-limit/rules.ts,
 * whose count an environment variable may raise. `message` may name the limit in force.
 */
export async function enforceLimit(name: RateLimitName, subject: string, message: string | ((limit: number) => string)) {
  const limit = limitOf(name);
  return enforceRateLimit(`${name}:${subject}`, limit, rateLimitRules[name].windowMs, typeof message === 'function' ? message(limit) : message);
}
