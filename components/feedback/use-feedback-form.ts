'use client';

import { useState } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { useRequestForm, type RequestFormOptions } from '@/components/auth/use-request-form';
import { toast } from '@/components/ui/use-toast';

interface FeedbackFormOptions<Input extends FieldValues, Output, Result> extends Omit<RequestFormOptions<Input, Output, Result>, 'onSent'> {
  sentToast: { title: string; description: string };
  /** Where focus goes when the sender asks for another, empty form. */
  firstField: Path<Input>;
}

/** A feedback form (spec 000 §5, §8): sent, it empties and gives way to a success view until the sender asks for another. */
export function useFeedbackForm<Input extends FieldValues, Output, Result>({ sentToast, firstField, ...options }: FeedbackFormOptions<Input, Output, Result>) {
  const [isSent, setIsSent] = useState(false);
  const { form, onSubmit } = useRequestForm({
    ...options,
    onSent: () => {
      toast({ ...sentToast, variant: 'success' });
      form.reset();
      setIsSent(true);
    },
  });
  const sendAnother = () => {
    setIsSent(false);
    requestAnimationFrame(() => form.setFocus(firstField));
  };
  return { form, onSubmit, isSent, sendAnother };
}
