'use client';

import { Elements } from '@stripe/react-stripe-js';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { postStripeConfirm } from '@/lib/payments/client';
import { formatUsd } from '@/lib/format';
import { PaymentUnavailable } from './not-configured';
import type { PaymentPanelProps } from './payment-result';
import { StripeCardForm } from './stripe-card-form';
import { stripeFor } from './stripe-loader';

/** Card payment through Stripe Elements, with the intent the page created when the plan was selected. */
export function StripePayment({
  plan,
  onPaid,
  publishableKey,
  isDemo,
  clientSecret,
  isCreatingIntent,
}: PaymentPanelProps & { publishableKey: string | null; isDemo: boolean; clientSecret: string | null; isCreatingIntent: boolean }) {
  if (isCreatingIntent) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner aria-hidden /> Preparing secure payment...
      </p>
    );
  }
  if (!publishableKey && !isDemo) return <PaymentUnavailable title="Card payments are not available" />;
  if (!clientSecret) return <PaymentUnavailable title="Payment system not available" />;
  if (isDemo || !publishableKey) return <DemoStripeForm plan={plan} onPaid={onPaid} />;
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <StripeForm plan={plan} onPaid={onPaid} />
    </Elements>
  );
}

const demoDelayMs = 1500;

/** DEMO MODE: the server priced a simulated card payment; paying it needs no card and charges nothing. */
function DemoStripeForm({ plan, onPaid }: PaymentPanelProps) {
  const [isProcessing, setIsProcessing] = useState(false);

  async function pay() {
    setIsProcessing(true);
    await new Promise((resolve) => setTimeout(resolve, demoDelayMs));
    toast({ title: 'Payment Successful', description: `Thank you for subscribing to ${plan.tierName}!`, variant: 'success' });
    setIsProcessing(false);
    onPaid('stripe');
  }

  return (
    <div className="space-y-4" data-testid="stripe-demo">
      <p className="rounded-md border border-warning/30 bg-warning/10 px-3 py-2 text-sm text-warning">
        Demo mode — no card is charged. The payment is simulated and the plan is granted for one period.
      </p>
      <Button className="w-full" disabled={isProcessing} onClick={() => void pay()}>
        {isProcessing ? 'Processing...' : `Pay ${formatUsd(plan.price)}`}
      </Button>
    </div>
  );
}

function StripeForm({ plan, onPaid }: PaymentPanelProps) {
  async function confirm(stripe: Stripe, elements: StripeElements) {
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/payment-success` },
      });
      if (error) {
        toast({ title: 'Payment Failed', description: error.message ?? 'An error occurred during payment', variant: 'destructive' });
        return;
      }
      if (paymentIntent?.status === 'succeeded') {
        await postStripeConfirm(paymentIntent.id);
        toast({ title: 'Payment Successful', description: `Thank you for subscribing to ${plan.tierName}!`, variant: 'success' });
        onPaid('stripe');
      }
    } catch {
      toast({ title: 'Payment Error', description: 'An unexpected error occurred during payment.', variant: 'destructive' });
    }
  }

  return <StripeCardForm payLabel={`Pay ${formatUsd(plan.price)}`} onPay={confirm} />;
}
