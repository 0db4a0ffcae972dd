import { z } from 'zod';

// Rate limits of the mails a visitor can cause someone to receive; configurable because an
// operator's abuse picture differs (README, .env.example).

const count = (fallback: number) => z.coerce.number().int().min(1).max(100_000).catch(fallback);

const schema = z.object({
  PASSWORD_RESET_MAX_PER_ACCOUNT: count(3),
  PASSWORD_RESET_MAX_PER_IP: count(20),
  PASSWORD_RESET_WINDOW_MINUTES: count(60),
  VERIFY_EMAIL_MAX_PER_ACCOUNT: count(3),
  VERIFY_EMAIL_WINDOW_MINUTES: count(60),
});

export function mailLimits(env: Record<string, string | undefined> = process.env) {
  const parsed = schema.parse({
    PASSWORD_RESET_MAX_PER_ACCOUNT: env.PASSWORD_RESET_MAX_PER_ACCOUNT || undefined,
    PASSWORD_RESET_MAX_PER_IP: env.PASSWORD_RESET_MAX_PER_IP || undefined,
    PASSWORD_RESET_WINDOW_MINUTES: env.PASSWORD_RESET_WINDOW_MINUTES || undefined,
    VERIFY_EMAIL_MAX_PER_ACCOUNT: env.VERIFY_EMAIL_MAX_PER_ACCOUNT || undefined,
    VERIFY_EMAIL_WINDOW_MINUTES: env.VERIFY_EMAIL_WINDOW_MINUTES || undefined,
  });
  return {
    resetPerAccount: parsed.PASSWORD_RESET_MAX_PER_ACCOUNT,
    resetPerIp: parsed.PASSWORD_RESET_MAX_PER_IP,
    resetWindowMs: parsed.PASSWORD_RESET_WINDOW_MINUTES * 60 * 1000,
    verifyPerAccount: parsed.VERIFY_EMAIL_MAX_PER_ACCOUNT,
    verifyWindowMs: parsed.VERIFY_EMAIL_WINDOW_MINUTES * 60 * 1000,
  };
}
