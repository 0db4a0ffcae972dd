import { AppError } from '@/lib/http/errors';
import { getRateLimiter } from '@/lib/rate-limit/limiter';
import { limitOf, rateLimitRules } from '@/lib/rate-limit/rules';

// Failed sign-in and second-factor attempts, counted per account and per address (shared through
// Redis when REDIS_URL is set). Ten failures in a row lock the account for the window; an address
// gets more room because offices share one. A success clears the account's count. The counts come
// from lib/rate-limit/rules.ts (RATE_LIMIT_SIGN_IN_FAILURES_*, RATE_LIMIT_MFA_FAILURES_*).

const windowMs = rateLimitRules.signInFailuresPerAccount.windowMs;
const tooManyAttemptsMessage = 'Too many failed attempts. Please wait 15 minutes and try again.';

function limits(kind: 'login' | 'mfa') {
  return kind === 'login'
    ? { account: limitOf('signInFailuresPerAccount'), address: limitOf('signInFailuresPerAddress') }
    : { account: limitOf('mfaFailuresPerAccount'), address: limitOf('mfaFailuresPerAddress') };
}

function keys(kind: 'login' | 'mfa', account: string, ip: string) {
  return { account: `auth:${kind}:account:${account.toLowerCase()}`, address: `auth:${kind}:ip:${ip}` };
}

/** Throws 429 when the account or the address has used up its failures. */
export async function assertNotThrottled(kind: 'login' | 'mfa', account: string, ip: string) {
  const limiter = getRateLimiter();
  const key = keys(kind, account, ip);
  const [accountFailures, addressFailures] = await Promise.all([limiter.count(key.account), limiter.count(key.address)]);
  const limit = limits(kind);
  if (accountFailures >= limit.account || addressFailures >= limit.address) {
    throw new AppError('rate_limited', tooManyAttemptsMessage, undefined, { 'Retry-After': String(windowMs / 1000) });
  }
}

export async function recordFailure(kind: 'login' | 'mfa', account: string, ip: string) {
  const limiter = getRateLimiter();
  const key = keys(kind, account, ip);
  const limit = limits(kind);
  await Promise.all([limiter.hit(key.account, limit.account, windowMs), limiter.hit(key.address, limit.address, windowMs)]);
}

export async function clearFailures(kind: 'login' | 'mfa', account: string) {
  await getRateLimiter().reset(keys(kind, account, '').account);
}
