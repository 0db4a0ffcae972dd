'use client';

import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FormField } from '@/components/shared/form-field';
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
        <FormField id={id} label={label} error={error}>
          {(controlProps) => (
            <Select value={(field.value as string | undefined) ?? ''} onValueChange={field.onChange} disabled={field.disabled}>
              <SelectTrigger ref={field.ref} onBlur={field.onBlur} className="w-full" {...controlProps}>
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
          )}
        </FormField>
      )}
    />
  );
}
