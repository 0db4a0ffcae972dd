'use client';

import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Field, FieldError, FieldLabel } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

interface SelectFieldProps<Values extends FieldValues> {
  control: Control<Values>;
  name: Path<Values>;
  id: string;
  label: string;
  placeholder: string;
  options: readonly string[];
  labels: Record<string, string>;
}

/** A labelled select bound to a react-hook-form field, with its error announced and linked. */
export function SelectField<Values extends FieldValues>({ control, name, id, label, placeholder, options, labels }: SelectFieldProps<Values>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState: { error } }) => (
        <Field data-invalid={Boolean(error)}>
          <FieldLabel htmlFor={id}>{label}</FieldLabel>
          <Select value={(field.value as string | undefined) ?? ''} onValueChange={field.onChange} disabled={field.disabled}>
            <SelectTrigger
              id={id}
              ref={field.ref}
              onBlur={field.onBlur}
              className="w-full"
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
            >
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option} value={option}>
                  {labels[option]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FieldError id={`${id}-error`} errors={[error]} />
        </Field>
      )}
    />
  );
}
