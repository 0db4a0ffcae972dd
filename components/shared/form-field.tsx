import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';

/** What a field hands its control: the id its label points at, and the invalid state and messages screen readers announce. */
interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  id: string;
  label: React.ReactNode;
  error: { message?: string } | undefined;
  /** A short help text under the control, read out with it. */
  hint?: React.ReactNode;
  /** Beside the label, e.g. a link. */
  labelAside?: React.ReactNode;
  className?: string;
  children: (control: FieldControlProps) => React.ReactNode;
}

/** A labelled form control with its hint and error linked to it (`<id>-hint`, `<id>-error`): the one shape of the forms' fields. */
export function FormField({ id, label, error, hint, labelAside, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const labelElement = <FieldLabel htmlFor={id}>{label}</FieldLabel>;
  return (
    <Field data-invalid={Boolean(error)} className={className}>
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined })}
      {hint && <FieldDescription id={hintId}>{hint}</FieldDescription>}
      <FieldError id={`${id}-error`} errors={[error]} />
    </Field>
  );
}
