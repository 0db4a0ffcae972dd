import { z } from 'zod';

// Every request limit of the product in one table, each with the environment variable that overrides
// it (issue 13): the defaults are the production values; a QA suite run against a deployment raises
// the ones its tests would hit (README, "Running QA suites against a deployment"). Windows are fixed;
// only the counts move. Read on each use, so a changed variable needs no code, and a bad value names
// its variable. Loaded by server.ts under plain Node as well as by Next: no 'server-only' here.

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

export interface RateLimitRule {
  /** The environment variable that replaces `limit`. */
  variable: string;
  /** Today's value: what production gets when the variable is unset. */
  limit: number;
  windowMs: number;
  /** Whose requests are counted together. */
  per: 'address' | 'account' | 'user';
  /** What is counted, for the README and error reports. */
  counts: string;
}

export const rateLimitRules = {
  register: { variable: 'RATE_LIMIT_REGISTER_PER_HOUR', limit: 200, windowMs: hour, per: 'address', counts: 'accounts registered' },
  signInFailuresPerAccount: { variable: 'RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT', limit: 10, windowMs: 15 * minute, per: 'account', counts: 'failed password sign-ins' },
  signInFailuresPerAddress: { variable: 'RATE_LIMIT_SIGN_IN_FAILURES_PER_ADDRESS', limit: 100, windowMs: 15 * minute, per: 'address', counts: 'failed password sign-ins' },
  mfaFailuresPerAccount: { variable: 'RATE_LIMIT_MFA_FAILURES_PER_ACCOUNT', limit: 10, windowMs: 15 * minute, per: 'account', counts: 'failed second-factor codes' },
  mfaFailuresPerAddress: { variable: 'RATE_LIMIT_MFA_FAILURES_PER_ADDRESS', limit: 100, windowMs: 15 * minute, per: 'address', counts: 'failed second-factor codes' },
  changePassword: { variable: 'RATE_LIMIT_CHANGE_PASSWORD_PER_15_MINUTES', limit: 10, windowMs: 15 * minute, per: 'user', counts: 'password changes' },
  backupCodes: { variable: 'RATE_LIMIT_BACKUP_CODES_PER_HOUR', limit: 10, windowMs: hour, per: 'user', counts: 'backup-code regenerations' },
  betaVerify: { variable: 'RATE_LIMIT_BETA_VERIFY_PER_10_MINUTES', limit: 200, windowMs: 10 * minute, per: 'address', counts: 'invitation-code checks' },
  betaRequest: { variable: 'RATE_LIMIT_BETA_REQUEST_PER_HOUR', limit: 50, windowMs: hour, per: 'address', counts: 'beta access requests' },
  refresh: { variable: 'RATE_LIMIT_REFRESH_PER_DAY', limit: 100, windowMs: day, per: 'user', counts: 'manual data refreshes (spec 001 §9), per UTC day' },
  chat: { variable: 'RATE_LIMIT_CHAT_PER_MINUTE', limit: 30, windowMs: minute, per: 'user', counts: 'chat and analyze-company messages' },
  chatAddCompany: { variable: 'RATE_LIMIT_CHAT_ADD_COMPANY_PER_HOUR', limit: 20, windowMs: hour, per: 'user', counts: 'companies added from the chat' },
  contact: { variable: 'RATE_LIMIT_CONTACT_PER_HOUR', limit: 20, windowMs: hour, per: 'address', counts: 'contact messages' },
  suggestions: { variable: 'RATE_LIMIT_SUGGESTIONS_PER_HOUR', limit: 20, windowMs: hour, per: 'user', counts: 'feature suggestions' },
  clientErrors: { variable: 'RATE_LIMIT_CLIENT_ERRORS_PER_MINUTE', limit: 20, windowMs: minute, per: 'address', counts: 'browser error reports' },
  affiliateLinks: { variable: 'RATE_LIMIT_AFFILIATE_LINKS_PER_HOUR', limit: 30, windowMs: hour, per: 'user', counts: 'affiliate links created' },
  influencerTrials: { variable: 'RATE_LIMIT_INFLUENCER_TRIALS_PER_DAY', limit: 10, windowMs: day, per: 'user', counts: 'influencer trial links created' },
  checkout: { variable: 'RATE_LIMIT_CHECKOUT_PER_HOUR', limit: 30, windowMs: hour, per: 'user', counts: 'card, PayPal and Square checkouts started' },
  cryptoPayments: { variable: 'RATE_LIMIT_CRYPTO_PAYMENTS_PER_HOUR', limit: 20, windowMs: hour, per: 'user', counts: 'crypto payments created' },
  testPayments: { variable: 'RATE_LIMIT_TEST_PAYMENTS_PER_HOUR', limit: 20, windowMs: hour, per: 'user', counts: 'test payments (/stripe-test)' },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof rateLimitRules;

const countSchema = z.coerce.number().int().min(1).max(1_000_000_000);

/** The limit in force: the rule's variable when set, today's value otherwise. */
export function limitOf(name: RateLimitName): number {
  const { variable, limit } = rateLimitRules[name];
  const raw = process.env[variable]?.trim();
  if (!raw) return limit;
  const parsed = countSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid environment: ${variable} must be a whole number from 1 to 1000000000 (got ${JSON.stringify(raw)})`);
  return parsed.data;
}

/** Every rule with the limit in force, for the server's start-up line and the health of a QA set-up. */
export function rateLimitsInForce(): { name: RateLimitName; variable: string; limit: number; isDefault: boolean }[] {
  return (Object.keys(rateLimitRules) as RateLimitName[]).map((name) => {
    const limit = limitOf(name);
    return { name, variable: rateLimitRules[name].variable, limit, isDefault: limit === rateLimitRules[name].limit };
  });
}
