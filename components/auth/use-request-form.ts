'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '@/components/ui/use-toast';
import { applyFieldErrors, serverMessageOr } from './form-errors';

export interface RequestFormOptions<Input extends FieldValues, Output, Result> {
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  send: (values: Output) => Promise<Result>;
  /** What follows a successful request; a failure here is reported like the request's own. */
  onSent: (result: Result) => void | Promise<void>;
  /** The failure toast: its title and the spec's text when the server gives no message; `fields` take a 400's per-field messages. */
  failure: { title: string; fallback: string; fields?: readonly Path<Input>[] };
}

/** A form checked by its zod schema that sends one request on submit and reports a failure in a toast (spec 000 §7-§8). */
export function useRequestForm<Input extends FieldValues, Output, Result>({ schema, defaultValues, send, onSent, failure }: RequestFormOptions<Input, Output, Result>) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const request = useMutation({ mutationFn: send });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSent(await request.mutateAsync(values));
    } catch (error) {
      if (failure.fields) applyFieldErrors(error, failure.fields, form.setError);
      toast({ title: failure.title, description: serverMessageOr(error, failure.fallback), variant: 'destructive' });
    }
  });
  return { form, onSubmit };
}
