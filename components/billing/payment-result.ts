import type { PlanDto } from '@/lib/payments/schema';

export type PaymentMethod = 'stripe' | 'paypal' | 'square' | 'crypto';

/** What every payment-method panel of the billing page receives. */
export interface PaymentPanelProps {
  plan: PlanDto;
  /** Called once the provider reports the payment complete; the page then upgrades the subscription. */
  onPaid: (method: PaymentMethod) => void;
}
