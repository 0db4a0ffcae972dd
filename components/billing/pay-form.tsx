import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A card payment form (the checkout's demo form, the Stripe card form): submitting it with the pay
 * button or Enter in a field runs `onPay` instead of navigating, and the button below the fields
 * reads 'Processing...' while a payment runs.
 */
export function PayForm({
  onPay,
  payLabel,
  isProcessing,
  isDisabled,
  size,
  children,
}: {
  onPay: () => Promise<void>;
  payLabel: string;
  isProcessing: boolean;
  isDisabled: boolean;
  size?: 'lg';
  children: ReactNode;
}) {
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void onPay();
      }}
    >
      {children}
      <Button type="submit" size={size} className="w-full" disabled={isDisabled || isProcessing}>
        {isProcessing ? 'Processing...' : payLabel}
      </Button>
    </form>
  );
}
