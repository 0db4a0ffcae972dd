'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { fetchSquareConfig, messageOf, paymentKeys, postSquarePayment } from '@/lib/payments/client';
import { formatUsd } from '@/lib/format';
import { PaymentUnavailable } from './not-configured';
import type { PaymentPanelProps } from './payment-result';
import type { TokenResult } from './square-card-form';

const SquareCardForm = dynamic(() => import('./square-card-form'), {
  ssr: false,
  loading: () => (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner aria-hidden /> Loading Square...
    </p>
  ),
});

type SquareState = 'loading' | 'ready' | 'processing';

/** The first error Square reports for a failed tokenization, in its own words. */
function tokenError(result: TokenResult): string {
  const errors = 'errors' in result ? (result.errors as Array<{ message?: string }> | undefined) : undefined;
  return errors?.[0]?.message || 'Card tokenization failed';
}

/** Card payment through Square's Web Payments SDK (sandbox unless the server says production). */
export function SquarePayment({ plan, onPaid, environment }: PaymentPanelProps & { environment: string | null }) {
  const config = useQuery({ queryKey: paymentKeys.squareConfig, queryFn: fetchSquareConfig, retry: false });
  const [isProcessing, setIsProcessing] = useState(false);
  const state: SquareState = config.isPending ? 'loading' : isProcessing ? 'processing' : 'ready';

  async function handleToken(result: TokenResult) {
    setIsProcessing(true);
    try {
      if (!config.data) throw new Error('Square not configured');
      if (typeof window !== 'undefined' && !('Square' in window)) throw new Error('Square SDK not loaded');
      if (result.status !== 'OK' || !('token' in result) || !result.token) throw new Error(tokenError(result));
      const answer = await postSquarePayment({ sourceId: result.token, amount: plan.price, planType: plan.id });
      if (answer.error || !answer.payment) throw new Error(answer.error || 'Payment failed');
      onPaid('square');
    } catch (error) {
      toast({
        title: 'Payment Failed',
        description: messageOf(error, 'Payment processing failed'),
        variant: 'destructive',
      });
    } finally {
      setIsProcessing(false);
    }
  }

  if (state === 'loading') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner aria-hidden /> Loading Square...
      </p>
    );
  }
  if (config.isError) return <PaymentUnavailable title="Failed to load Square payment system" />;
  if (!config.data) return <PaymentUnavailable title="Payment system not available" />;
  if (!config.data.applicationId || !config.data.locationId) return <PaymentUnavailable title="Payment system unavailable" />;

  return (
    <div data-state={state}>
      <SquareCardForm
        applicationId={config.data.applicationId}
        locationId={config.data.locationId}
        isSandbox={environment !== 'production'}
        isProcessing={state === 'processing'}
        amountLabel={formatUsd(plan.price)}
        onToken={(result) => void handleToken(result)}
      />
    </div>
  );
}
