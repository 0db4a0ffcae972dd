'use client';

import { Elements } from '@stripe/react-stripe-js';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { ArrowLeft, CreditCard, Lock } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '@/components/auth/use-auth';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { productName } from '@/lib/brand';
import { usePaymentConfig } from '@/lib/payments/client';
import { type BillingInterval, findPlan, type Plan } from '@/lib/payments/plans';
import { formatUsd } from '@/lib/format';
import { CardholderField } from './cardholder-field';
import { authErrorToast, paymentFailedToast } from './checkout-toasts';
import { DemoCardForm } from './demo-card-form';
import { OrderSummary } from './order-summary';
import { PaymentSucceededCard } from './payment-succeeded-card';
import { subscriptionAmount } from './plan-display';
import { StripeCardForm } from './stripe-card-form';
import { stripeFor } from './stripe-loader';

type Method = 'card' | 'paypal' | 'square';

export interface CheckoutParams {
  clientSecret: string | null;
  subscriptionId: string | null;
  planId: string | null;
  interval: string | null;
}

/**
 * The checkout (spec 001 §2, §4): the order summary beside the payment method, then the card form
 * (Stripe Elements with a live key and the plans page's client secret, else the demo form), then
 * the success screen.
 */
export function CheckoutView({ clientSecret, subscriptionId, planId, interval: rawInterval }: CheckoutParams) {
  // The spec's summary is a fixed Professional Plan; the plans page names the plan actually chosen.
  const plan = findPlan(planId ?? '') ?? (findPlan('professional') as Plan);
  const interval: BillingInterval = rawInterval === 'year' ? 'year' : 'month';
  const amount = subscriptionAmount(plan, interval);
  const [isSuccess, setIsSuccess] = useState(false);
  useInvalidSessionWarning(clientSecret);

  if (isSuccess) {
    return (
      <PaymentSucceededCard testId="checkout-success">
        Your {plan.name} plan is active. Welcome to {productName}. Taking you to your dashboard...
      </PaymentSucceededCard>
    );
  }

  return (
    <div className="space-y-6">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link href="/subscription">
          <ArrowLeft aria-hidden="true" />
          Back to Plans
        </Link>
      </Button>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <OrderSummary plan={plan} interval={interval} amount={amount} />
        <PaymentMethodCard amount={amount} clientSecret={clientSecret} subscriptionId={subscriptionId} onSuccess={() => setIsSuccess(true)} />
      </div>
    </div>
  );
}

/** A checkout opened without the plans page's client secret cannot be paid: say so once. */
function useInvalidSessionWarning(clientSecret: string | null) {
  const warned = useRef(false);
  useEffect(() => {
    if (clientSecret || warned.current) return;
    warned.current = true;
    toast({ title: 'Invalid Checkout Session', description: 'Please start the checkout process again.', variant: 'destructive' });
  }, [clientSecret]);
}

function PaymentMethodCard({
  amount,
  clientSecret,
  subscriptionId,
  onSuccess,
}: {
  amount: number;
  clientSecret: string | null;
  subscriptionId: string | null;
  onSuccess: () => void;
}) {
  const [method, setMethod] = useState<Method>('card');
  const config = usePaymentConfig();
  const publishableKey = config.data?.stripePublishableKey;
  const isLive = config.data?.mode === 'live' && Boolean(publishableKey) && Boolean(clientSecret) && !clientSecret?.startsWith('demo_');

  return (
    <Card className="lg:col-span-3">
      <CardHeader>
        <CardTitle>Payment Method</CardTitle>
        <CardDescription className="flex items-center gap-1.5">
          <Lock className="size-3.5" aria-hidden="true" /> Your payment information is encrypted and secure.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <Tabs value={method} onValueChange={(value) => setMethod(value as Method)}>
          <TabsList aria-label="Payment method" className="w-full">
            <TabsTrigger value="card">
              <CreditCard aria-hidden="true" /> Credit Card
            </TabsTrigger>
            <TabsTrigger value="paypal" disabled>
              PayPal <Badge variant="secondary">Soon</Badge>
            </TabsTrigger>
            <TabsTrigger value="square" disabled>
              Square <Badge variant="secondary">Soon</Badge>
            </TabsTrigger>
          </TabsList>
          {/* The card form is the panel its tab controls (aria-controls names it). */}
          <TabsContent value="card" className="mt-4">
            {config.isPending ? (
              <p className="text-sm text-muted-foreground">Loading payment form...</p>
            ) : isLive && clientSecret && publishableKey ? (
              <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
                <LiveCardForm amount={amount} isCardMethod={method === 'card'} />
              </Elements>
            ) : (
              <DemoCardForm amount={amount} isCardMethod={method === 'card'} clientSecret={clientSecret} subscriptionId={subscriptionId} onSuccess={onSuccess} />
            )}
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

/** Live mode: Stripe Elements collects the card; Stripe returns the browser to /payment-success. */
function LiveCardForm({ amount, isCardMethod }: { amount: number; isCardMethod: boolean }) {
  const [name, setName] = useState('');
  const { user, isLoading } = useAuth();

  async function confirm(stripe: Stripe, elements: StripeElements) {
    try {
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: {
          return_url: `${window.location.origin}/payment-success`,
          payment_method_data: name ? { billing_details: { name } } : undefined,
        },
      });
      // confirmPayment only resolves here on failure; success leaves the page for return_url.
      if (error) toast({ ...paymentFailedToast, description: error.message ?? paymentFailedToast.description });
    } catch {
      toast(paymentFailedToast);
    }
  }

  return (
    <StripeCardForm
      payLabel={`Pay ${formatUsd(amount)}`}
      size="lg"
      isDisabled={!isCardMethod || isLoading}
      elementOptions={{ layout: 'tabs' }}
      canPay={() => {
        if (user) return true;
        toast(authErrorToast);
        return false;
      }}
      onPay={confirm}
    >
      <CardholderField value={name} onChange={setName} />
    </StripeCardForm>
  );
}
