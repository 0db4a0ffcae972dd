'use client';

import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, CreditCard, Lock } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useAuth, userQueryKey } from '@/components/auth/use-auth';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { productName } from '@/lib/brand';
import { type BillingInterval, findPlan, type Plan } from '@/lib/payments/plans';
import { formatCardNumber, formatCvc, formatExpiry } from './card-format';
import { confirmDemoPayment } from './payment-api';
import { formatUsd } from '@/lib/format';
import { subscriptionAmount } from './plan-display';
import { stripeFor } from './stripe-loader';
import { usePaymentConfig } from './use-payment-config';

type Method = 'card' | 'paypal' | 'square';

const checkoutDelayMs = 3000;
const redirectDelayMs = 2000;
const paymentFailedToast = {
  title: 'Payment Failed',
  description: 'There was an issue processing your payment. Please try again.',
  variant: 'destructive',
} as const;
const authErrorToast = { title: 'Authentication Error', description: 'Please log in and try again.', variant: 'destructive' } as const;

function wait(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface CheckoutParams {
  clientSecret: string | null;
  subscriptionId: string | null;
  planId: string | null;
  interval: string | null;
}

/** The checkout (spec 001 §2, §4): order summary, payment-method tabs, card form, pay, success screen. */
export function CheckoutView({ clientSecret, subscriptionId, planId, interval: rawInterval }: CheckoutParams) {
  // The spec's summary is a fixed Professional Plan; the plans page names the plan actually chosen.
  const plan = findPlan(planId ?? '') ?? (findPlan('professional') as Plan);
  const interval: BillingInterval = rawInterval === 'year' ? 'year' : 'month';
  const amount = subscriptionAmount(plan, interval);
  const [method, setMethod] = useState<Method>('card');
  const [isSuccess, setIsSuccess] = useState(false);
  const config = usePaymentConfig();
  const warned = useRef(false);

  useEffect(() => {
    if (clientSecret || warned.current) return;
    warned.current = true;
    toast({ title: 'Invalid Checkout Session', description: 'Please start the checkout process again.', variant: 'destructive' });
  }, [clientSecret]);

  if (isSuccess) return <CheckoutSuccess plan={plan} />;

  const isLive = config.data?.mode === 'live' && Boolean(config.data.stripePublishableKey) && Boolean(clientSecret) && !clientSecret?.startsWith('demo_');

  return (
    <div className="space-y-6">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link href="/subscription">
          <ArrowLeft aria-hidden="true" />
          Back to Plans
        </Link>
      </Button>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
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
            </Tabs>

            {config.isPending ? (
              <p className="text-sm text-muted-foreground">Loading payment form...</p>
            ) : isLive && clientSecret && config.data?.stripePublishableKey ? (
              <Elements stripe={stripeFor(config.data.stripePublishableKey)} options={{ clientSecret }}>
                <LiveCardForm amount={amount} method={method} clientSecret={clientSecret} />
              </Elements>
            ) : (
              <DemoCardForm
                amount={amount}
                method={method}
                clientSecret={clientSecret}
                subscriptionId={subscriptionId}
                onSuccess={() => setIsSuccess(true)}
              />
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function CardholderField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field>
      <FieldLabel htmlFor="cardholder-name">Cardholder Name</FieldLabel>
      <Input id="cardholder-name" autoComplete="cc-name" placeholder="John Doe" value={value} onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}

/** Demo mode: the spec's local card form and its simulated payment, which activates the stored demo subscription. */
function DemoCardForm({
  amount,
  method,
  clientSecret,
  subscriptionId,
  onSuccess,
}: {
  amount: number;
  method: Method;
  clientSecret: string | null;
  subscriptionId: string | null;
  onSuccess: () => void;
}) {
  const [card, setCard] = useState({ name: '', number: '', expiry: '', cvc: '' });
  const [isProcessing, setIsProcessing] = useState(false);
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();
  const router = useRouter();

  async function pay() {
    if (!user || !clientSecret) {
      toast(authErrorToast);
      return;
    }
    setIsProcessing(true);
    try {
      await wait(checkoutDelayMs);
      if (!subscriptionId) throw new Error('The checkout has no subscription.');
      await confirmDemoPayment(subscriptionId);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      toast({ title: 'Payment Successful!', description: `Welcome to ${productName}. Your account has been activated.`, variant: 'success' });
      onSuccess();
      setTimeout(() => {
        router.push('/dashboard');
        router.refresh();
      }, redirectDelayMs);
    } catch {
      toast(paymentFailedToast);
      setIsProcessing(false);
    }
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      <p className="rounded-md border border-warning/30 bg-warning/10 px-3 py-2 text-sm text-warning" data-testid="demo-mode">
        Demo mode — no card is charged. Any card details complete the purchase.
      </p>
      <CardholderField value={card.name} onChange={(name) => setCard({ ...card, name })} />
      <Field>
        <FieldLabel htmlFor="card-number">Card Number</FieldLabel>
        <Input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          maxLength={19}
          value={card.number}
          onChange={(event) => setCard({ ...card, number: formatCardNumber(event.target.value) })}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field>
          <FieldLabel htmlFor="card-expiry">Expiry Date</FieldLabel>
          <Input
            id="card-expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            value={card.expiry}
            onChange={(event) => setCard({ ...card, expiry: formatExpiry(event.target.value) })}
          />
        </Field>
        <Field>
          <FieldLabel htmlFor="card-cvc">CVC</FieldLabel>
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={card.cvc}
            onChange={(event) => setCard({ ...card, cvc: formatCvc(event.target.value) })}
          />
        </Field>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={isProcessing || method !== 'card' || isLoading}>
        {isProcessing ? 'Processing...' : `Pay ${formatUsd(amount)}`}
      </Button>
    </form>
  );
}

/** Live mode: Stripe Elements collects the card; Stripe returns the browser to /payment-success. */
function LiveCardForm({ amount, method, clientSecret }: { amount: number; method: Method; clientSecret: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [name, setName] = useState('');
  const [isProcessing, setIsProcessing] = useState(false);
  const { user, isLoading } = useAuth();

  async function pay() {
    if (!user || !clientSecret) {
      toast(authErrorToast);
      return;
    }
    if (!stripe || !elements) {
      toast({ title: 'Payment Error', description: 'Payment system not ready', variant: 'destructive' });
      return;
    }
    setIsProcessing(true);
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
    } finally {
      setIsProcessing(false);
    }
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      <CardholderField value={name} onChange={setName} />
      <PaymentElement options={{ layout: 'tabs' }} />
      <Button type="submit" size="lg" className="w-full" disabled={isProcessing || method !== 'card' || !stripe || !elements || isLoading}>
        {isProcessing ? 'Processing...' : `Pay ${formatUsd(amount)}`}
      </Button>
    </form>
  );
}

function CheckoutSuccess({ plan }: { plan: Plan }) {
  return (
    <Card className="mx-auto max-w-lg text-center" data-testid="checkout-success">
      <CardContent className="space-y-4 p-8">
        <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden="true" />
        <h2 className="text-2xl font-bold">Payment Successful!</h2>
        <p className="text-muted-foreground">
          Your {plan.name} plan is active. Welcome to {productName}. Taking you to your dashboard...
        </p>
        <Button asChild>
          <Link href="/dashboard">Go to Dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
