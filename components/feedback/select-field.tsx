'use client';

import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FormField } from '@/components/shared/form-field';
import { OptionSelect } from '@/components/shared/option-select';

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
            <OptionSelect
              value={(field.value as string | undefined) ?? ''}
              options={options.map((option) => ({ value: option, label: labels[option] }))}
              onChange={field.onChange}
              disabled={field.disabled}
              placeholder={placeholder}
              ref={field.ref}
              onBlur={field.onBlur}
              className="w-full"
              {...controlProps}
            />
          )}
        </FormField>
      )}
    />
  );
}
