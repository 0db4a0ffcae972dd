'use client';

import { Elements } from '@stripe/react-stripe-js';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { postTestPayment, usePaymentConfig } from '@/lib/payments/client';
import { StripeCardForm } from './stripe-card-form';
import { stripeFor } from './stripe-loader';

/** The payment test page (spec 001 §2): a 29 USD test intent, then a payment form with 'Pay $29'. */
export function StripeTestView({ redirectStatus }: { redirectStatus: string | null }) {
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const config = usePaymentConfig();
  const createIntent = useMutation({
    mutationFn: postTestPayment,
    onSuccess: ({ clientSecret: secret }) => {
      setClientSecret(secret);
      toast({ title: 'Payment intent created', variant: 'success' });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to create payment intent', variant: 'destructive' }),
  });
  const publishableKey = config.data?.stripePublishableKey ?? null;
  const isLive = Boolean(publishableKey) && Boolean(clientSecret) && !clientSecret?.startsWith('demo_');

  return (
    <div className="mx-auto max-w-xl space-y-6">
      {redirectStatus && (
        <p
          role="status"
          className={redirectStatus === 'succeeded' ? 'rounded-md border border-success/30 bg-success/10 p-3 text-sm text-success' : 'rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive'}
        >
          {redirectStatus === 'succeeded' ? 'The last test payment succeeded.' : `The last test payment ended as: ${redirectStatus}.`}
        </p>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Test Payment</CardTitle>
          <CardDescription>Creates a $29.00 USD payment intent, then confirms it with a card.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <Button onClick={() => createIntent.mutate()} disabled={createIntent.isPending} variant={clientSecret ? 'outline' : 'default'}>
            {createIntent.isPending ? 'Creating...' : clientSecret ? 'Create New Payment Intent' : 'Create Payment Intent'}
          </Button>

          {clientSecret &&
            (isLive && publishableKey ? (
              <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
                <TestPaymentForm />
              </Elements>
            ) : (
              <div className="space-y-4" data-testid="stripe-test-demo">
                <p className="rounded-md border border-warning/30 bg-warning/10 px-3 py-2 text-sm text-warning">
                  Demo mode — no card form is shown and nothing is charged.
                </p>
                <Button className="w-full" disabled>
                  Pay $29
                </Button>
              </div>
            ))}
        </CardContent>
      </Card>
    </div>
  );
}

function TestPaymentForm() {
  async function confirm(stripe: Stripe, elements: StripeElements) {
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: `${window.location.origin}/stripe-test` } });
    if (error) toast({ title: 'Payment failed', description: error.message, variant: 'destructive' });
  }

  return <StripeCardForm payLabel="Pay $29" onPay={confirm} />;
}
