'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { FormField } from '@/components/shared/form-field';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { resetPassword } from '@/lib/auth/client';
import { resetPasswordFormSchema } from '@/lib/auth/schema';
import { AuthCard } from './auth-card';
import { PasswordInput } from './password-input';
import { useRequestForm } from './use-request-form';

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const { form, onSubmit } = useRequestForm({
    schema: resetPasswordFormSchema,
    defaultValues: { password: '', confirmPassword: '' },
    send: (values) => resetPassword({ token, password: values.password }),
    onSent: (body) => {
      toast({ title: 'Password reset', description: body.message, variant: 'success' });
      router.replace('/login');
    },
    failure: { title: 'Password Reset Failed', fallback: 'Failed to reset your password. Please try again.', fields: ['password'] },
  });
  const { errors, isSubmitting } = form.formState;

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
        <FormField id="reset-password" label="New password" error={errors.password}>
          {(control) => <PasswordInput autoComplete="new-password" {...control} {...form.register('password')} />}
        </FormField>
        <FormField id="reset-confirm" label="Confirm new password" error={errors.confirmPassword}>
          {(control) => <PasswordInput autoComplete="new-password" {...control} {...form.register('confirmPassword')} />}
        </FormField>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Resetting...' : 'Reset password'}
        </Button>
      </form>
    </AuthCard>
  );
}
