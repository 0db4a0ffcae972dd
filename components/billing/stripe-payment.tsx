'use client';

import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { PaymentUnavailable } from './not-configured';
import { confirmStripePayment } from './payment-api';
import type { PaymentPanelProps } from './payment-result';
import { formatUsd } from './plan-display';
import { stripeFor } from './stripe-loader';

/** Card payment through Stripe Elements, with the intent the page created when the plan was selected. */
export function StripePayment({
  plan,
  onPaid,
  publishableKey,
  clientSecret,
  isCreatingIntent,
}: PaymentPanelProps & { publishableKey: string | null; clientSecret: string | null; isCreatingIntent: boolean }) {
  if (!publishableKey) return <PaymentUnavailable title="Stripe is not configured on this server" />;
  if (isCreatingIntent) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Preparing secure payment...
      </p>
    );
  }
  if (!clientSecret) return <PaymentUnavailable title="Payment system not available" />;
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <StripeForm plan={plan} onPaid={onPaid} />
    </Elements>
  );
}

function StripeForm({ plan, onPaid }: PaymentPanelProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [isProcessing, setIsProcessing] = useState(false);

  async function pay() {
    if (!stripe || !elements) {
      toast({ title: 'Payment Error', description: 'Payment system not ready', variant: 'destructive' });
      return;
    }
    setIsProcessing(true);
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
        await confirmStripePayment(paymentIntent.id);
        toast({ title: 'Payment Successful', description: `Thank you for subscribing to ${plan.tierName}!`, variant: 'success' });
        onPaid('stripe');
      }
    } catch {
      toast({ title: 'Payment Error', description: 'An unexpected error occurred during payment.', variant: 'destructive' });
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
      <PaymentElement />
      <Button type="submit" className="w-full" disabled={!stripe || !elements || isProcessing}>
        {isProcessing ? 'Processing...' : `Pay ${formatUsd(plan.price)}`}
      </Button>
    </form>
  );
}
