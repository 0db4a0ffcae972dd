'use client';

import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import { useQuery } from '@tanstack/react-query';
import { documentNonce } from '@/components/security/payment-document-guard';
import { Spinner } from '@/components/ui/spinner';
import { postPaypalCapture, postPaypalOrder, fetchPaypalSetup, paymentKeys } from '@/lib/payments/client';
import { PaymentUnavailable } from './not-configured';
import type { PaymentPanelProps } from './payment-result';

/** PayPal Smart Buttons; per spec 001 §8 PayPal failures are only logged. */
export function PaypalPayment({ plan, onPaid, clientId }: PaymentPanelProps & { clientId: string | null }) {
  const setup = useQuery({ queryKey: paymentKeys.paypalSetup, queryFn: fetchPaypalSetup, enabled: Boolean(clientId), retry: false });

  if (!clientId) return <PaymentUnavailable title="PayPal payments are not available" />;
  if (setup.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner aria-hidden /> Loading PayPal...
      </p>
    );
  }
  if (setup.isError) return <PaymentUnavailable title="Payment system unavailable" />;

  return (
    <PayPalScriptProvider options={{ clientId, dataClientToken: setup.data.clientToken, currency: 'USD', intent: 'capture', dataCspNonce: documentNonce() }}>
      <PayPalButtons
        style={{ layout: 'vertical', label: 'pay' }}
        forceReRender={[plan.id]}
        createOrder={async () => (await postPaypalOrder(plan.price, plan.id)).id}
        onApprove={async (data) => {
          try {
            await postPaypalCapture(data.orderID);
            onPaid('paypal');
          } catch (error) {
            console.error('PayPal capture failed', error);
          }
        }}
        onError={(error) => console.error('PayPal payment failed', error)}
      />
    </PayPalScriptProvider>
  );
}
