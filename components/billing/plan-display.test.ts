import { findPlan, type Plan } from '@/lib/payments/plans';
import { cryptoAmount, currentPlanId, formatCountdown, planCardPricing, subscriptionAmount } from './plan-display';

const plan = (id: string) => findPlan(id) as Plan;

describe('plans page pricing', () => {
  it('shows the monthly prices of spec 001 §9', () => {
    expect(['starter', 'professional', 'enterprise'].map((id) => planCardPricing(plan(id), 'month').headline)).toEqual(['$49', '$199', '$999']);
  });

  it('shows the rounded per-month equivalent, the yearly total and the undiscounted total', () => {
    expect(planCardPricing(plan('starter'), 'year')).toEqual({ headline: '$44', yearlyTotal: '$529.20', undiscountedTotal: '$588', amount: 529.2 });
    expect(planCardPricing(plan('professional'), 'year')).toEqual({ headline: '$159', yearlyTotal: '$1,910.40', undiscountedTotal: '$2,388', amount: 1910.4 });
    expect(planCardPricing(plan('enterprise'), 'year')).toEqual({ headline: '$749', yearlyTotal: '$8,991', undiscountedTotal: '$11,988', amount: 8991 });
  });

  it('sends the plan price or the discounted yearly total', () => {
    expect(subscriptionAmount(plan('professional'), 'month')).toBe(199);
    expect(subscriptionAmount(plan('professional'), 'year')).toBe(1910.4);
    expect(subscriptionAmount(plan('enterprise'), 'year')).toBe(8991);
  });
});

describe('current plan', () => {
  it('reads the billing tier names and ids of an active or trial subscription', () => {
    expect(currentPlanId('Basic', 'active')).toBe('starter');
    expect(currentPlanId('Professional', 'trial')).toBe('professional');
    expect(currentPlanId('enterprise', 'active')).toBe('enterprise');
  });

  it('has none without a live subscription', () => {
    expect(currentPlanId(null, 'active')).toBeNull();
    expect(currentPlanId('Basic', 'inactive')).toBeNull();
    expect(currentPlanId('Gold', 'active')).toBeNull();
  });
});

describe('crypto', () => {
  it('divides the USD price by the rate, 8 decimals for BTC and 6 for ETH', () => {
    expect(cryptoAmount(199, 43250, 'BTC')).toBe('0.00460116');
    expect(cryptoAmount(199, 2650, 'ETH')).toBe('0.075094');
    expect(cryptoAmount(199, 0, 'BTC')).toBe('');
  });

  it('counts down to the expiry as m:ss, stopping at zero', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(formatCountdown('2026-11-25T10:30:00Z', now)).toBe('30:00');
    expect(formatCountdown('2026-11-25T10:00:09.5Z', now)).toBe('0:09');
    expect(formatCountdown('2026-11-25T09:59:00Z', now)).toBe('0:00');
  });
});
