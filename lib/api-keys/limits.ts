import { planFromAnyName } from '@/lib/payments/plans';

// Requests per window for each plan, from API_RATE_LIMITS ("starter=60,professional=300,...") and
// API_RATE_LIMIT_WINDOW_SECONDS. `beta` covers accounts entitled by the beta flag without a plan.

const defaultApiRateLimits: Readonly<Record<string, number>> = { starter: 60, professional: 300, enterprise: 1200, beta: 60 };
const defaultWindowSeconds = 60;

export function parseRateLimits(text: string | undefined): Record<string, number> {
  const limits: Record<string, number> = { ...defaultApiRateLimits };
  for (const entry of (text ?? '').split(',')) {
    const [name, value] = entry.split('=').map((part) => part?.trim().toLowerCase());
    const count = Number(value);
    if (name && name in limits && Number.isInteger(count) && count > 0) limits[name] = count;
  }
  return limits;
}

export function apiRateWindowSeconds(): number {
  const seconds = Number(process.env.API_RATE_LIMIT_WINDOW_SECONDS);
  return Number.isInteger(seconds) && seconds > 0 && seconds <= 86_400 ? seconds : defaultWindowSeconds;
}

function planKeyOf(user: { subscriptionTier: string | null }): string {
  return (user.subscriptionTier ? planFromAnyName(user.subscriptionTier)?.id : undefined) ?? 'beta';
}

/** The requests a user's keys may make per window, by their plan. */
export function apiRateLimitFor(user: { subscriptionTier: string | null }): number {
  const limits = parseRateLimits(process.env.API_RATE_LIMITS);
  return limits[planKeyOf(user)] ?? defaultApiRateLimits.beta!;
}
