import { route } from '@/lib/http/route';
import { plans, yearlyPriceCents } from '@/lib/payments/plans';

// Public: the plans page and the billing page price from the server's table.
export const GET = route(async () =>
  Response.json(
    plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      tierName: plan.tierName,
      description: plan.description,
      price: plan.monthlyPrice,
      interval: 'month' as const,
      features: plan.features,
      recommended: plan.recommended,
      yearlyPrice: yearlyPriceCents(plan) / 100,
      yearlyDiscount: plan.yearlyDiscount,
      companyLimit: plan.companyLimit,
      reportLimit: plan.reportLimit,
    })),
    { headers: { 'Cache-Control': 'public, max-age=300' } },
  ),
);
