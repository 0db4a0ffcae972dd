import { AlertCircle } from 'lucide-react';

/** A payment method the server has no credentials for, or one that failed to load. */
export function PaymentUnavailable({ title, hint = 'Please try another payment method' }: { title: string; hint?: string }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-md border border-dashed p-4 text-sm" data-testid="payment-unavailable">
      <AlertCircle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div>
        <p className="font-medium">{title}</p>
        <p className="text-muted-foreground">{hint}</p>
      </div>
    </div>
  );
}
