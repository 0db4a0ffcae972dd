import { formatUsd } from '@/lib/format';
import { type BillingInterval, type Plan, planFromAnyName, priceCents, yearlyFigures } from '@/lib/payments/plans';

/** What a plans-page card shows for the chosen interval (spec 001 §5 Yearly pricing). */
export function planCardPricing(plan: Plan, interval: BillingInterval) {
  if (interval === 'month') {
    return { headline: formatUsd(plan.monthlyPrice), yearlyTotal: null, undiscountedTotal: null, amount: plan.monthlyPrice };
  }
  const { perMonth, total, undiscounted } = yearlyFigures(plan);
  return { headline: formatUsd(perMonth), yearlyTotal: formatUsd(total), undiscountedTotal: formatUsd(undiscounted), amount: total };
}

/** The amount POST /api/create-subscription carries: the plan price or the discounted yearly total, in dollars. */
export function subscriptionAmount(plan: Plan, interval: BillingInterval): number {
  return priceCents(plan, interval) / 100;
}

/** The plan the user is on, from the tier the current-user call names (Basic / Professional / Enterprise or an id). */
export function currentPlanId(subscriptionTier: string | null | undefined, subscriptionStatus: string | undefined): string | null {
  if (!subscriptionTier) return null;
  if (subscriptionStatus !== 'active' && subscriptionStatus !== 'trial') return null;
  return planFromAnyName(subscriptionTier)?.id ?? null;
}

/** Crypto amount (spec 001 §5): plan USD ÷ the currency's USD rate, 8 decimals for BTC and 6 for ETH. */
export function cryptoAmount(usd: number, rate: number, currency: 'BTC' | 'ETH'): string {
  if (!(rate > 0)) return '';
  return (usd / rate).toFixed(currency === 'BTC' ? 8 : 6);
}

/** mm:ss until `expiresAt`, never negative. */
export function formatCountdown(expiresAt: string | Date, now: number): string {
  const seconds = Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
