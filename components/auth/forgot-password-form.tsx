'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { requestPasswordReset } from '@/lib/auth/client';
import { forgotPasswordSchema } from '@/lib/auth/schema';
import { AuthCard } from './auth-card';
import { serverMessageOr } from './form-errors';

type Values = z.input<typeof forgotPasswordSchema>;

export function ForgotPasswordForm() {
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const request = useMutation({ mutationFn: requestPasswordReset });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const body = await request.mutateAsync(values);
      setSentMessage(body.message);
    } catch (error) {
      toast({ title: 'Request failed', description: serverMessageOr(error, 'Failed to send the reset link. Please try again.'), variant: 'destructive' });
    }
  });

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
        <Field data-invalid={Boolean(errors.email)}>
          <FieldLabel htmlFor="forgot-email">Email</FieldLabel>
          <Input
            id="forgot-email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? 'forgot-email-error' : undefined}
            {...form.register('email')}
          />
          <FieldError id="forgot-email-error" errors={[errors.email]} />
        </Field>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
    </AuthCard>
  );
}
