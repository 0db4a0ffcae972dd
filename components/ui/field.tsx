import type * as React from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

function Field({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="field" className={cn('group/field flex w-full flex-col gap-2', className)} {...props} />;
}

function FieldLabel({ className, ...props }: React.ComponentProps<typeof Label>) {
  return (
    <Label
      data-slot="field-label"
      className={cn('group-data-[disabled=true]/field:opacity-50 group-data-[invalid=true]/field:text-destructive', className)}
      {...props}
    />
  );
}

function FieldDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return <p data-slot="field-description" className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

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
