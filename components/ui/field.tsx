import type * as React from 'react';
import { Label } from '@/components/ui/label';
import { slotted } from '@/components/ui/slot';
import { cn } from '@/lib/utils';

const Field = slotted('div', 'field', 'group/field flex w-full flex-col gap-2');
const FieldLabel = slotted(
  Label,
  'field-label',
  'group-data-[disabled=true]/field:opacity-50 group-data-[invalid=true]/field:text-destructive',
);
const FieldDescription = slotted('p', 'field-description', 'text-sm text-muted-foreground');

function FieldError({
  className,
  errors,
  children,
  ...props
}: React.ComponentProps<'p'> & { errors?: Array<{ message?: string } | undefined> }) {
  const content = children ?? errors?.find((error) => error?.message)?.message;
  if (!content) return null;
  return (
    <p role="alert" data-slot="field-error" className={cn('text-sm text-destructive', className)} {...props}>
      {content}
    </p>
  );
}

export { Field, FieldDescription, FieldError, FieldLabel };
