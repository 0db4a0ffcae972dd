// The three plans of spec 001 §3 and §9. Every payment route prices from here (planId + interval);
// an amount a client sends is only cross-checked against it.

export const planIds = ['starter', 'professional', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];
export const billingIntervals = ['month', 'year'] as const;
export type BillingInterval = (typeof billingIntervals)[number];

export interface Plan {
  id: PlanId;
  /** The tier's name wherever it shows: Basic, Professional, Enterprise (spec 001 §3, §6; issue 13). The id stays starter/professional/enterprise. */
  name: string;
  /** The same name, under the key the billing page and the current-user call read. */
  tierName: string;
  description: string;
  /** USD per month. */
  monthlyPrice: number;
  /** Yearly discount, as a fraction of twelve monthly payments. */
  yearlyDiscount: number;
  recommended: boolean;
  /** Tracked companies; null = unlimited. */
  companyLimit: number | null;
  /** Custom reports per month; null = unlimited. */
  reportLimit: number | null;
  features: string[];
}

export const plans: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Basic',
    tierName: 'Basic',
    description: 'For individual investors following the largest corporate treasuries.',
    monthlyPrice: 49,
    yearlyDiscount: 0.1,
    recommended: false,
    companyLimit: 50,
    reportLimit: 5,
    features: ['Track up to 50 companies', '5 custom reports per month', 'Health grades and risk scores', 'SEC filing signals', 'Email support'],
  },
  {
    id: 'professional',
    name: 'Professional',
    tierName: 'Professional',
    description: 'For analysts and advisors who need every signal as it happens.',
    monthlyPrice: 199,
    yearlyDiscount: 0.2,
    recommended: true,
    companyLimit: 500,
    reportLimit: null,
    features: ['Track up to 500 companies', 'Unlimited reports', 'Real-time signals and alerts', 'Insider activity and pre-pump detection', 'Advanced analytics', 'Priority support'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    tierName: 'Enterprise',
    description: 'For funds and treasury teams with institutional needs.',
    monthlyPrice: 999,
    yearlyDiscount: 0.25,
    recommended: false,
    companyLimit: null,
    reportLimit: null,
    features: ['Unlimited companies', 'Unlimited reports', 'Everything in Professional', 'AI assistant with company analysis', 'Dedicated account manager', 'Custom integrations'],
  },
];

export function findPlan(id: string): Plan | undefined {
  return plans.find((plan) => plan.id === id);
}

/** The billing page's tier names (Basic / Professional / Enterprise) and the plan ids, in either spelling. */
export function planFromAnyName(value: string): Plan | undefined {
  const key = value.trim().toLowerCase();
  return plans.find((plan) => plan.id === key || plan.tierName.toLowerCase() === key || plan.name.toLowerCase() === key);
}

/** Yearly total in cents: twelve months less the plan's discount. */
export function yearlyPriceCents(plan: Plan): number {
  return Math.round(plan.monthlyPrice * 12 * (1 - plan.yearlyDiscount) * 100);
}

/** What the plan costs for one billing interval, in cents. */
export function priceCents(plan: Plan, interval: BillingInterval): number {
  return interval === 'year' ? yearlyPriceCents(plan) : plan.monthlyPrice * 100;
}

/** The plans page's figures for a yearly card: rounded per-month equivalent, total, and the undiscounted total. */
export function yearlyFigures(plan: Plan) {
  const total = yearlyPriceCents(plan) / 100;
  return { perMonth: Math.round(total / 12), total, undiscounted: plan.monthlyPrice * 12 };
}
