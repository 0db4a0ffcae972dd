'use client';

import { MailCheck } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { FormField } from '@/components/shared/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { requestPasswordReset } from '@/lib/auth/client';
import { forgotPasswordSchema } from '@/lib/auth/schema';
import { AuthCard } from './auth-card';
import { useRequestForm } from './use-request-form';

export function ForgotPasswordForm() {
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const { form, onSubmit } = useRequestForm({
    schema: forgotPasswordSchema,
    defaultValues: { email: '' },
    send: requestPasswordReset,
    onSent: (body) => setSentMessage(body.message),
    failure: { title: 'Request failed', fallback: 'Failed to send the reset link. Please try again.' },
  });
  const { errors, isSubmitting } = form.formState;

  const footer = (
    <p>
      Remembered it?{' '}
      <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
        Back to sign in
      </Link>
    </p>
  );

  if (sentMessage) {
    return (
      <AuthCard title="Check your email" description="A reset link is on its way if the address has an account." footer={footer}>
        <div role="status" className="flex items-start gap-3 rounded-md border p-4 text-sm">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <p>{sentMessage}</p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot password?" description="Enter your account's email and we will send you a link to choose a new password." footer={footer}>
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <FormField id="forgot-email" label="Email" error={errors.email}>
          {(control) => <Input type="email" autoComplete="email" placeholder="you@company.com" {...control} {...form.register('email')} />}
        </FormField>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
    </AuthCard>
  );
}
