'use client';

import { CreditCard, PaymentForm, type PaymentFormProps } from 'react-square-web-payments-sdk';

type TokenResult = Parameters<PaymentFormProps['cardTokenizeResponseReceived']>[0];

/** Square's card fields; loaded only in the browser (the SDK touches window at import). */
export default function SquareCardForm({
  applicationId,
  locationId,
  isSandbox,
  isProcessing,
  amountLabel,
  onToken,
}: {
  applicationId: string;
  locationId: string;
  isSandbox: boolean;
  isProcessing: boolean;
  amountLabel: string;
  onToken: (result: TokenResult) => void;
}) {
  return (
    <PaymentForm
      applicationId={applicationId}
      locationId={locationId}
      cardTokenizeResponseReceived={(result) => onToken(result)}
      overrides={isSandbox ? { scriptSrc: 'https://sandbox.web.squarecdn.com/v1/square.js' } : undefined}
    >
      <CreditCard buttonProps={{ isLoading: isProcessing }}>{isProcessing ? 'Processing...' : `Pay ${amountLabel}`}</CreditCard>
    </PaymentForm>
  );
}

export type { TokenResult };
