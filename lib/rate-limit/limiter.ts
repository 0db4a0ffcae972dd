import Redis from 'ioredis';
import { getEnv } from '../env';
import { AppError } from '../http/errors';
import { limitOf, rateLimitRules, type RateLimitName } from './rules';

// Fixed-window counters. In one process a Map does; with REDIS_URL every instance shares the same
// counters, so a limit holds however many servers answer.

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

export class RedisRateLimiter implements RateLimiter {
  constructor(private readonly redis: Redis) {}

  async close() {
    await this.redis.quit().catch(() => undefined);
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
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
  }

  async count(key: string): Promise<number> {
    return Number((await this.redis.get(`treasury:ratelimit:${key}`)) ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`treasury:ratelimit:${key}`);
  }
}

const globalForLimiter = globalThis as typeof globalThis & { __treasuryRateLimiter?: RateLimiter };

export function getRateLimiter(): RateLimiter {
  if (!globalForLimiter.__treasuryRateLimiter) {
    const url = getEnv().REDIS_URL;
    globalForLimiter.__treasuryRateLimiter = url
      ? new RedisRateLimiter(new Redis(url, { maxRetriesPerRequest: 2 }).on('error', () => {}))
      : new MemoryRateLimiter();
  }
  return globalForLimiter.__treasuryRateLimiter;
}

export async function closeRateLimiter() {
  const limiter = globalForLimiter.__treasuryRateLimiter;
  globalForLimiter.__treasuryRateLimiter = undefined;
  if (limiter instanceof RedisRateLimiter) await limiter.close();
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
 * Throws a 429 once `subject` (an address or a user id) has used up the named limit of lib/rate-limits.ts,
 * whose count an environment variable may raise. `message` may name the limit in force.
 */
export async function enforceLimit(name: RateLimitName, subject: string, message: string | ((limit: number) => string)) {
  const limit = limitOf(name);
  return enforceRateLimit(`${name}:${subject}`, limit, rateLimitRules[name].windowMs, typeof message === 'function' ? message(limit) : message);
}
