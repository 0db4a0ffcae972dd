'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, FieldError, FieldLabel } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { resetPassword } from '@/lib/auth/client';
import { resetPasswordFormSchema } from '@/lib/auth/schema';
import { AuthCard } from './auth-card';
import { applyFieldErrors, serverMessageOr } from './form-errors';
import { PasswordInput } from './password-input';

type Values = z.input<typeof resetPasswordFormSchema>;

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const form = useForm<Values, unknown, z.output<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const reset = useMutation({ mutationFn: resetPassword });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const body = await reset.mutateAsync({ token, password: values.password });
      toast({ title: 'Password reset', description: body.message, variant: 'success' });
      router.replace('/login');
    } catch (error) {
      applyFieldErrors(error, ['password'], form.setError);
      toast({ title: 'Password Reset Failed', description: serverMessageOr(error, 'Failed to reset your password. Please try again.'), variant: 'destructive' });
    }
  });

  return (
    <AuthCard
      title="Choose a new password"
      description="Your new password signs out every browser that is signed in to your account."
      footer={
        <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <Field data-invalid={Boolean(errors.password)}>
          <FieldLabel htmlFor="reset-password">New password</FieldLabel>
          <PasswordInput
            id="reset-password"
            autoComplete="new-password"
            aria-invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? 'reset-password-error' : undefined}
            {...form.register('password')}
          />
          <FieldError id="reset-password-error" errors={[errors.password]} />
        </Field>
        <Field data-invalid={Boolean(errors.confirmPassword)}>
          <FieldLabel htmlFor="reset-confirm">Confirm new password</FieldLabel>
          <PasswordInput
            id="reset-confirm"
            autoComplete="new-password"
            aria-invalid={Boolean(errors.confirmPassword)}
            aria-describedby={errors.confirmPassword ? 'reset-confirm-error' : undefined}
            {...form.register('confirmPassword')}
          />
          <FieldError id="reset-confirm-error" errors={[errors.confirmPassword]} />
        </Field>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Resetting...' : 'Reset password'}
        </Button>
      </form>
    </AuthCard>
  );
}
