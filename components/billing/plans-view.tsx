'use client';

import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { userQueryKey } from '@/lib/auth/client';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import type { PublicUser } from '@/lib/auth/types';
import { ApiError, getQueryFn } from '@/lib/http/api-client';
import { postSubscription } from '@/lib/payments/client';
import { type BillingInterval, type Plan, type PlanId, plans } from '@/lib/payments/plans';
import { cn } from '@/lib/utils';
import { planCardPricing, subscriptionAmount } from './plan-display';
import { PlanFeatureList } from './plan-feature-list';

const authRequiredToast = { title: 'Authentication Required', description: 'Please log in to subscribe to a plan.', variant: 'destructive' } as const;

/** The plans page (spec 001 §2): interval toggle, three plan cards, secure-payment note and FAQ. */
export function PlansView() {
  const [interval, setInterval] = useState<BillingInterval>('month');
  const [pendingPlan, setPendingPlan] = useState<PlanId | null>(null);
  const queryClient = useQueryClient();
  const router = useRouter();

  async function subscribe(plan: Plan) {
    setPendingPlan(plan.id);
    try {
      // Asked afresh: the session may have ended since the page loaded.
      const user = await queryClient.fetchQuery<PublicUser | null>({
        queryKey: userQueryKey,
        queryFn: getQueryFn<PublicUser>({ on401: 'returnNull' }),
        staleTime: 0,
      });
      if (!user) {
        toast(authRequiredToast);
        return;
      }
      const { clientSecret, subscriptionId } = await postSubscription({ planId: plan.id, interval, amount: subscriptionAmount(plan, interval) });
      const query = new URLSearchParams({ client_secret: clientSecret, subscription_id: subscriptionId, plan: plan.id, interval });
      router.push(`/checkout?${query.toString()}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) toast(authRequiredToast);
      else toast({ title: 'Subscription Failed', description: 'Unable to process subscription. Please try again.', variant: 'destructive' });
    } finally {
      setPendingPlan(null);
    }
  }

  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-center justify-center gap-3">
        <span className={cn('text-sm font-medium', interval === 'month' ? 'text-foreground' : 'text-muted-foreground')}>
          Monthly
        </span>
        <Switch
          checked={interval === 'year'}
          onCheckedChange={(yearly) => setInterval(yearly ? 'year' : 'month')}
          aria-label="Bill yearly"
          data-testid="interval-toggle"
        />
        <span className={cn('text-sm font-medium', interval === 'year' ? 'text-foreground' : 'text-muted-foreground')}>Yearly</span>
        <Badge variant="success">Save up to 25%</Badge>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            interval={interval}
            isPending={pendingPlan === plan.id}
            isDisabled={pendingPlan !== null}
            onSubscribe={() => void subscribe(plan)}
          />
        ))}
      </div>

      <div className="flex items-start justify-center gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        <p>
          <span className="font-medium">Secure payment.</span>{' '}
          <span className="text-muted-foreground">
            Payments are encrypted and processed by our payment providers; card details never touch our servers. Cancel anytime.
          </span>
        </p>
      </div>

      <PlansFaq />
    </div>
  );
}

function PlanCard({
  plan,
  interval,
  isPending,
  isDisabled,
  onSubscribe,
}: {
  plan: Plan;
  interval: BillingInterval;
  isPending: boolean;
  isDisabled: boolean;
  onSubscribe: () => void;
}) {
  const pricing = planCardPricing(plan, interval);
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-testid={`plan-${plan.id}`}
      className={cn('relative flex flex-col', plan.recommended && 'border-primary shadow-md ring-1 ring-primary')}
    >
      {plan.recommended && <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Recommended</Badge>}
      <CardHeader>
        <CardTitle id={titleId} className="text-xl">
          {plan.name}
        </CardTitle>
        <CardDescription>{plan.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 space-y-6">
        <div>
          <p className="flex items-baseline gap-1">
            <span className="text-4xl font-bold tracking-tight" data-testid="plan-price">
              {pricing.headline}
            </span>
            <span className="text-muted-foreground">/month</span>
          </p>
          {pricing.yearlyTotal ? (
            <p className="mt-1 text-sm text-muted-foreground">
              <span data-testid="plan-yearly-total" className="font-medium text-foreground">
                {pricing.yearlyTotal}
              </span>{' '}
              billed yearly{' '}
              <s data-testid="plan-undiscounted-total" aria-label={`instead of ${pricing.undiscountedTotal}`}>
                {pricing.undiscountedTotal}
              </s>{' '}
              <span className="text-success">Save {Math.round(plan.yearlyDiscount * 100)}%</span>
            </p>
          ) : (
            <p className="mt-1 text-sm text-muted-foreground">Billed monthly</p>
          )}
        </div>
        <PlanFeatureList features={plan.features} />
      </CardContent>
      <CardFooter>
        <Button className="w-full" variant={plan.recommended ? 'default' : 'outline'} disabled={isDisabled} onClick={onSubscribe}>
          {isPending ? 'Processing...' : 'Get Started'}
        </Button>
      </CardFooter>
    </Card>
  );
}

const faq = [
  {
    question: 'Is there a money-back guarantee?',
    answer: 'Yes. Every plan comes with a 30-day money-back guarantee: if the platform is not for you, ask within 30 days for a full refund.',
  },
  {
    question: 'Can I change my plan later?',
    answer: 'Yes. You can upgrade or downgrade at any time from the billing page; plan changes take effect at the next billing cycle.',
  },
  {
    question: 'How does yearly billing work?',
    answer: 'You pay for twelve months at once and save 10% on Basic, 20% on Professional and 25% on Enterprise.',
  },
  {
    question: 'Which payment methods can I use?',
    answer: 'Credit and debit cards at checkout; PayPal, Square and Bitcoin or Ether from the billing page. All prices are in USD.',
  },
];

function PlansFaq() {
  return (
    <section aria-labelledby="plans-faq" className="mx-auto max-w-3xl space-y-4">
      <h2 id="plans-faq" className="text-center text-xl font-semibold">
        Frequently Asked Questions
      </h2>
      <div className="divide-y rounded-lg border">
        {faq.map(({ question, answer }) => (
          <details key={question} className="group p-4 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
              {question}
              <span aria-hidden="true" className="text-muted-foreground transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-2 text-sm text-muted-foreground">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
