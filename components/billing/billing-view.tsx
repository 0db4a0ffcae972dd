'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRef, useState } from 'react';
import { useAuth } from '@/components/auth/use-auth';
import { userQueryKey } from '@/lib/auth/client';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { postStripePaymentIntent, fetchPlans, messageOf, paymentConfigQuery, paymentKeys, postUpgrade, usePaymentConfig } from '@/lib/payments/client';
import type { PlanDto } from '@/lib/payments/schema';
import { cn } from '@/lib/utils';
import { formatUsd } from '@/lib/format';
import { CryptoPayment } from './crypto-payment';
import { CurrentSubscriptionCard } from './current-subscription-card';
import type { PaymentMethod } from './payment-result';
import { currentPlanId } from './plan-display';
import { PlanFeatureList } from './plan-feature-list';
import { SquarePayment } from './square-payment';
import { StripePayment } from './stripe-payment';

// PayPal's SDK wrapper is the heaviest panel and the least used: fetched when its tab first opens.
const PaypalPayment = dynamic(() => import('./paypal-payment').then((module) => module.PaypalPayment), { ssr: false });

/** The billing page (spec 001 §2, §4): current subscription, the three tiers and the upgrade section. */
export function BillingView() {
  const { user, isLoading } = useAuth();
  const plans = useQuery({ queryKey: paymentKeys.plans, queryFn: fetchPlans, staleTime: 300_000 });
  const config = usePaymentConfig();
  const queryClient = useQueryClient();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [stripeSecret, setStripeSecret] = useState<string | null>(null);
  const currentId = currentPlanId(user?.subscriptionTier, user?.subscriptionStatus);
  const selected = plans.data?.find((plan) => plan.id === selectedId) ?? null;
  const publishableKey = config.data?.stripePublishableKey ?? null;
  const isDemo = config.data?.mode === 'demo';
  // The plan chosen last: an intent asked for an earlier choice is not used.
  const latestChoice = useRef<string | null>(null);

  const intent = useMutation({
    mutationFn: (plan: PlanDto) => postStripePaymentIntent(plan.price, plan.id),
    onError: () => toast({ title: 'Payment Error', description: 'Failed to initialize payment. Please try again.', variant: 'destructive' }),
  });

  const upgrade = useMutation({
    mutationFn: ({ plan, method }: { plan: PlanDto; method: PaymentMethod }) => postUpgrade(plan.id, method),
    onSuccess: async ({ message }) => {
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      setSelectedId(null);
      setStripeSecret(null);
      toast({ title: 'Subscription Updated!', description: message, variant: 'success' });
    },
    onError: (error) => toast({ title: 'Upgrade Failed', description: messageOf(error, 'Failed to upgrade subscription'), variant: 'destructive' }),
  });

  async function select(plan: PlanDto) {
    if (plan.id === currentId || plan.id === selectedId) return;
    latestChoice.current = plan.id;
    setSelectedId(plan.id);
    setStripeSecret(null);
    // Spec 001 §4: the card intent exists as soon as a plan is chosen, so the form is ready on the Stripe
    // tab; a plan chosen while the payment configuration is still loading gets it once that arrives.
    const current = config.data ?? (await queryClient.fetchQuery(paymentConfigQuery).catch(() => undefined));
    if (latestChoice.current !== plan.id || !current || !(current.stripePublishableKey || current.mode === 'demo')) return;
    // Callbacks of this call only: a slower answer to an earlier choice does not replace this one's secret.
    intent.mutate(plan, { onSuccess: ({ clientSecret }) => setStripeSecret(clientSecret) });
  }

  const onPaid = (method: PaymentMethod) => {
    if (selected) upgrade.mutate({ plan: selected, method });
  };

  return (
    <div className="space-y-8">
      {isDemo && (
        <p className="rounded-md border border-warning/30 bg-warning/10 px-4 py-3 text-sm text-warning" data-testid="billing-demo-mode">
          Demo mode — card payments here and on the{' '}
          <Link href="/subscription" className="font-medium underline underline-offset-4">
            plans page
          </Link>{' '}
          are simulated and no card is charged.
        </p>
      )}

      <CurrentSubscriptionCard user={user} isLoading={isLoading} />

      <section aria-labelledby="billing-plans" className="space-y-4">
        <h2 id="billing-plans" className="text-xl font-semibold">
          Plans
        </h2>
        {plans.isPending ? (
          <div className="grid gap-6 md:grid-cols-3" role="status" aria-label="Loading plans">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-80 rounded-xl" />
            ))}
          </div>
        ) : plans.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Plans could not be loaded. {messageOf(plans.error, '')}
          </p>
        ) : (
          <div className="grid gap-6 md:grid-cols-3">
            {plans.data.map((plan) => (
              <BillingPlanCard
                key={plan.id}
                plan={plan}
                isCurrent={plan.id === currentId}
                isSelected={plan.id === selectedId}
                onSelect={() => void select(plan)}
              />
            ))}
          </div>
        )}
      </section>

      <Card data-testid="upgrade-section">
        <CardHeader>
          <CardTitle>{selected ? `Upgrade to ${selected.tierName}` : 'Upgrade Your Plan'}</CardTitle>
          <CardDescription>
            {selected ? `${formatUsd(selected.price)} per month. Choose how you want to pay.` : 'Select a plan above, then choose how you want to pay.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="stripe" className="gap-4">
            <TabsList aria-label="Payment method" className="w-full sm:w-fit">
              <TabsTrigger value="stripe">Stripe</TabsTrigger>
              <TabsTrigger value="paypal">PayPal</TabsTrigger>
              <TabsTrigger value="square">Square</TabsTrigger>
              <TabsTrigger value="crypto">Crypto</TabsTrigger>
            </TabsList>
            {!selected ? (
              ['stripe', 'paypal', 'square', 'crypto'].map((value) => (
                <TabsContent key={value} value={value}>
                  <p className="text-sm text-muted-foreground">Select a plan above to continue.</p>
                </TabsContent>
              ))
            ) : upgrade.isPending ? (
              <p role="status" className="text-sm text-muted-foreground">
                Updating your subscription...
              </p>
            ) : (
              <>
                <TabsContent value="stripe">
                  <StripePayment
                    plan={selected}
                    onPaid={onPaid}
                    publishableKey={publishableKey}
                    isDemo={isDemo}
                    clientSecret={stripeSecret}
                    isCreatingIntent={intent.isPending || config.isPending}
                  />
                </TabsContent>
                <TabsContent value="paypal">
                  <PaypalPayment plan={selected} onPaid={onPaid} clientId={config.data?.paypalClientId ?? null} />
                </TabsContent>
                <TabsContent value="square">
                  <SquarePayment plan={selected} onPaid={onPaid} environment={config.data?.squareEnvironment ?? null} />
                </TabsContent>
                <TabsContent value="crypto">
                  <CryptoPayment plan={selected} onPaid={onPaid} isEnabled={config.data?.cryptoEnabled ?? false} />
                </TabsContent>
              </>
            )}
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}

function BillingPlanCard({ plan, isCurrent, isSelected, onSelect }: { plan: PlanDto; isCurrent: boolean; isSelected: boolean; onSelect: () => void }) {
  const titleId = `billing-plan-${plan.id}`;
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-testid={`billing-plan-${plan.id}`}
      className={cn('flex flex-col', isSelected && 'border-primary ring-1 ring-primary', isCurrent && 'border-success')}
    >
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle id={titleId} className="text-lg">
            {plan.tierName}
          </CardTitle>
          {plan.recommended && <Badge variant="secondary">Popular</Badge>}
        </div>
        <CardDescription>{plan.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 space-y-4">
        <p className="flex items-baseline gap-1">
          <span className="text-3xl font-bold">{formatUsd(plan.price)}</span>
          <span className="text-muted-foreground">/{plan.interval}</span>
        </p>
        <PlanFeatureList features={plan.features} />
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          variant={isSelected ? 'default' : 'outline'}
          disabled={isCurrent}
          aria-pressed={isCurrent ? undefined : isSelected}
          onClick={onSelect}
        >
          {isCurrent ? 'Current Plan' : isSelected ? 'Selected' : 'Select Plan'}
        </Button>
      </CardFooter>
    </Card>
  );
}
