'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAuth } from '@/components/auth/use-auth';
import { userQueryKey } from '@/lib/auth/client';
import { Field, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { productName } from '@/lib/brand';
import { postDemoConfirm } from '@/lib/payments/client';
import { formatUsd } from '@/lib/format';
import { formatCardNumber, formatCvc, formatExpiry } from './card-format';
import { CardholderField } from './cardholder-field';
import { authErrorToast, paymentFailedToast } from './checkout-toasts';
import { PayForm } from './pay-form';

const checkoutDelayMs = 3000;
const redirectDelayMs = 2000;

interface CardFieldSpec {
  id: string;
  label: string;
  autoComplete: string;
  placeholder: string;
  maxLength: number;
  format: (value: string) => string;
}

// Spec 001 §5: every card field keeps digits only and formats as typed.
const numberField: CardFieldSpec = { id: 'card-number', label: 'Card Number', autoComplete: 'cc-number', placeholder: '1234 5678 9012 3456', maxLength: 19, format: formatCardNumber };
const expiryField: CardFieldSpec = { id: 'card-expiry', label: 'Expiry Date', autoComplete: 'cc-exp', placeholder: 'MM/YY', maxLength: 5, format: formatExpiry };
const cvcField: CardFieldSpec = { id: 'card-cvc', label: 'CVC', autoComplete: 'cc-csc', placeholder: '123', maxLength: 4, format: formatCvc };

function CardField({ spec, value, onChange }: { spec: CardFieldSpec; value: string; onChange: (value: string) => void }) {
  return (
    <Field>
      <FieldLabel htmlFor={spec.id}>{spec.label}</FieldLabel>
      <Input
        id={spec.id}
        inputMode="numeric"
        autoComplete={spec.autoComplete}
        placeholder={spec.placeholder}
        maxLength={spec.maxLength}
        value={value}
        onChange={(event) => onChange(spec.format(event.target.value))}
      />
    </Field>
  );
}

function wait(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Demo mode: the spec's local card form and its simulated payment, which activates the stored demo subscription. */
export function DemoCardForm({
  amount,
  isCardMethod,
  clientSecret,
  subscriptionId,
  onSuccess,
}: {
  amount: number;
  isCardMethod: boolean;
  clientSecret: string | null;
  subscriptionId: string | null;
  onSuccess: () => void;
}) {
  const [card, setCard] = useState({ name: '', number: '', expiry: '', cvc: '' });
  const [isProcessing, setIsProcessing] = useState(false);
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();
  const router = useRouter();

  async function pay() {
    if (!user || !clientSecret) {
      toast(authErrorToast);
      return;
    }
    setIsProcessing(true);
    try {
      await wait(checkoutDelayMs);
      if (!subscriptionId) throw new Error('The checkout has no subscription.');
      await postDemoConfirm(subscriptionId);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      toast({ title: 'Payment Successful!', description: `Welcome to ${productName}. Your account has been activated.`, variant: 'success' });
      onSuccess();
      setTimeout(() => {
        router.push('/dashboard');
        router.refresh();
      }, redirectDelayMs);
    } catch {
      toast(paymentFailedToast);
      setIsProcessing(false);
    }
  }

  return (
    <PayForm onPay={pay} payLabel={`Pay ${formatUsd(amount)}`} isProcessing={isProcessing} isDisabled={!isCardMethod || isLoading} size="lg">
      <p className="rounded-md border border-warning/30 bg-warning/10 px-3 py-2 text-sm text-warning" data-testid="demo-mode">
        Demo mode — no card is charged. Any card details complete the purchase.
      </p>
      <CardholderField value={card.name} onChange={(name) => setCard({ ...card, name })} />
      <CardField spec={numberField} value={card.number} onChange={(number) => setCard({ ...card, number })} />
      <div className="grid grid-cols-2 gap-4">
        <CardField spec={expiryField} value={card.expiry} onChange={(expiry) => setCard({ ...card, expiry })} />
        <CardField spec={cvcField} value={card.cvc} onChange={(cvc) => setCard({ ...card, cvc })} />
      </div>
    </PayForm>
  );
}
