// The affiliate programme's terms (spec 000 §9). Safe to import from client components.

/** Share of every monthly payment a referred user makes that goes to the referrer. */
const commissionRate = 0.5;

/** Influencer trials: days of access a trial link grants, and how long the link stays valid. */
export const trialDays = 7;
export const trialTier = 'Professional';

export const maxLinksPerUser = 50;

export interface PlanCommission {
  plan: string;
  monthlyPriceCents: number;
}

// Spec 000 §9: Enterprise reads $199 on the dashboard tab and $299 in the resources tab. Both
// readings stand, so each tab keeps its own table.
export const dashboardPlans: readonly PlanCommission[] = [
  { plan: 'Premium', monthlyPriceCents: 9900 },
  { plan: 'Enterprise', monthlyPriceCents: 19900 },
];

export const resourcesPlans: readonly PlanCommission[] = [
  { plan: 'Enterprise', monthlyPriceCents: 29900 },
  { plan: 'Premium', monthlyPriceCents: 9900 },
];

/** Half a cent rounds up: the commission on an odd amount favours the affiliate. */
export function commissionCents(amountCents: number): number {
  return Math.round(amountCents * commissionRate);
}
