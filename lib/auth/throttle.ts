import { AppError } from '@/lib/http/errors';
import { getRateLimiter } from '@/lib/rate-limit';

// Failed sign-in and second-factor attempts, counted per account and per address (shared through
// Redis when REDIS_URL is set). Ten failures in a row lock the account for the window; an address
// gets more room because offices share one. A success clears the account's count.

const windowMs = 15 * 60 * 1000;
export const accountFailureLimit = 10;
export const addressFailureLimit = 100;
export const tooManyAttemptsMessage = 'Too many failed attempts. Please wait 15 minutes and try again.';

function keys(kind: 'login' | 'mfa', account: string, ip: string) {
  return { account: `auth:${kind}:account:${account.toLowerCase()}`, address: `auth:${kind}:ip:${ip}` };
}

/** Throws 429 when the account or the address has used up its failures. */
export async function assertNotThrottled(kind: 'login' | 'mfa', account: string, ip: string) {
  const limiter = getRateLimiter();
  const key = keys(kind, account, ip);
  const [accountFailures, addressFailures] = await Promise.all([limiter.count(key.account), limiter.count(key.address)]);
  if (accountFailures >= accountFailureLimit || addressFailures >= addressFailureLimit) {
    throw new AppError('rate_limited', tooManyAttemptsMessage, undefined, { 'Retry-After': String(windowMs / 1000) });
  }
}

export async function recordFailure(kind: 'login' | 'mfa', account: string, ip: string) {
  const limiter = getRateLimiter();
  const key = keys(kind, account, ip);
  await Promise.all([limiter.hit(key.account, accountFailureLimit, windowMs), limiter.hit(key.address, addressFailureLimit, windowMs)]);
}

export async function clearFailures(kind: 'login' | 'mfa', account: string) {
  await getRateLimiter().reset(keys(kind, account, '').account);
}
