import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { BillingInterval, Plan } from '@/lib/payments/plans';
import { formatUsd } from '@/lib/format';

/** The checkout's left column: the plan, how it is billed, its first features and the total. */
export function OrderSummary({ plan, interval, amount }: { plan: Plan; interval: BillingInterval; amount: number }) {
  return (
    <Card className="h-fit lg:col-span-2">
      <CardHeader>
        <CardTitle>Order Summary</CardTitle>
        <CardDescription>Review your subscription</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="font-medium" data-testid="checkout-plan">
              {plan.name} Plan
            </p>
            <p className="text-muted-foreground">{interval === 'year' ? 'Billed yearly' : 'Billed monthly'}</p>
          </div>
          <p className="font-medium">{formatUsd(amount)}</p>
        </div>
        <ul className="space-y-1 text-muted-foreground">
          {plan.features.slice(0, 4).map((feature) => (
            <li key={feature}>• {feature}</li>
          ))}
        </ul>
        <div className="flex justify-between border-t pt-4 text-base font-semibold">
          <span>Total</span>
          <span data-testid="checkout-total">
            {formatUsd(amount)}
            <span className="text-sm font-normal text-muted-foreground">/{interval}</span>
          </span>
        </div>
      </CardContent>
    </Card>
  );
}
