'use client';

import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElements, StripePaymentElementOptions } from '@stripe/stripe-js';
import { type ReactNode, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { PayForm } from './pay-form';

const notReadyToast = { title: 'Payment Error', description: 'Payment system not ready', variant: 'destructive' } as const;

/**
 * The one Stripe Elements card form, used by the checkout, the billing page and /stripe-test: the
 * fields Stripe renders and a pay button that reads 'Processing...' while `onPay` runs. Each page
 * passes what confirming the payment means there; `children` are fields shown above the card.
 */
export function StripeCardForm({
  payLabel,
  onPay,
  canPay = () => true,
  isDisabled = false,
  size,
  elementOptions,
  children,
}: {
  payLabel: string;
  onPay: (stripe: Stripe, elements: StripeElements) => Promise<void>;
  /** Checked first on submit; false stops the payment before it starts (the page explains why). */
  canPay?: () => boolean;
  isDisabled?: boolean;
  size?: 'lg';
  elementOptions?: StripePaymentElementOptions;
  children?: ReactNode;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [isProcessing, setIsProcessing] = useState(false);

  async function pay() {
    if (!canPay()) return;
    if (!stripe || !elements) {
      toast(notReadyToast);
      return;
    }
    setIsProcessing(true);
    try {
      await onPay(stripe, elements);
    } finally {
      setIsProcessing(false);
    }
  }

  return (
    <PayForm onPay={pay} payLabel={payLabel} isProcessing={isProcessing} isDisabled={isDisabled || !stripe || !elements} size={size}>
      {children}
      <PaymentElement options={elementOptions} />
    </PayForm>
  );
}
