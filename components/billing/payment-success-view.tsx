'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { XCircle } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useRef } from 'react';
import { userQueryKey } from '@/lib/auth/client';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { messageOf, postStripeConfirm } from '@/lib/payments/client';
import { PaymentSucceededCard } from './payment-succeeded-card';

/** Where Stripe returns the browser after a card payment: the server checks the intent with Stripe itself. */
export function PaymentSuccessView({ paymentIntent, redirectStatus }: { paymentIntent: string | null; redirectStatus: string | null }) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: postStripeConfirm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });
  const started = useRef(false);
  const { mutate } = confirm;

  useEffect(() => {
    if (started.current || !paymentIntent || redirectStatus === 'failed') return;
    started.current = true;
    mutate(paymentIntent);
  }, [paymentIntent, redirectStatus, mutate]);

  if (!paymentIntent || redirectStatus === 'failed') {
    return <Failure message={paymentIntent ? 'Your payment was declined or cancelled.' : 'No payment was found to confirm.'} />;
  }
  if (confirm.isIdle || confirm.isPending) {
    return (
      <Card className="mx-auto max-w-lg">
        <CardContent className="flex items-center justify-center gap-3 p-8 text-muted-foreground" role="status">
          <Spinner aria-hidden /> Confirming your payment...
        </CardContent>
      </Card>
    );
  }
  if (confirm.isError) return <Failure message={messageOf(confirm.error, 'We could not confirm your payment.')} />;
  if (confirm.data.status === 'processing') {
    return (
      <Card className="mx-auto max-w-lg text-center">
        <CardContent className="space-y-4 p-8">
          <h2 className="text-2xl font-bold">Payment Processing</h2>
          <p className="text-muted-foreground">Your bank is still processing the payment. Your plan activates as soon as it completes.</p>
          <Button asChild variant="outline">
            <Link href="/billing">View Billing</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (confirm.data.status !== 'succeeded') return <Failure message="Your payment did not complete." />;
  return <PaymentSucceededCard testId="payment-success">Thank you. Your subscription is active.</PaymentSucceededCard>;
}

function Failure({ message }: { message: string }) {
  return (
    <Card className="mx-auto max-w-lg text-center" data-testid="payment-failure">
      <CardContent className="space-y-4 p-8">
        <XCircle className="mx-auto size-12 text-destructive" aria-hidden="true" />
        <h2 className="text-2xl font-bold">Payment Failed</h2>
        <p role="alert" className="text-muted-foreground">
          {message}
        </p>
        <div className="flex justify-center gap-2">
          <Button asChild>
            <Link href="/subscription">Back to Plans</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/billing">View Billing</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
