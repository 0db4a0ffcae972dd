import { Field, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** The checkout's name-on-card field, above the card in both the demo and the Stripe form. */
export function CardholderField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field>
      <FieldLabel htmlFor="cardholder-name">Cardholder Name</FieldLabel>
      <Input id="cardholder-name" autoComplete="cc-name" placeholder="John Doe" value={value} onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}
