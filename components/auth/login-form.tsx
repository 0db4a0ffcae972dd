'use client';

import Link from 'next/link';
import { useState } from 'react';
import { MfaVerificationDialog } from '@/components/security/mfa-verification-dialog';
import { FormField } from '@/components/shared/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { logIn } from '@/lib/auth/client';
import { loginSchema } from '@/lib/auth/schema';
import type { MfaChallenge } from '@/lib/auth/types';
import { AuthCard } from './auth-card';
import { PasswordInput } from './password-input';
import { useRequestForm } from './use-request-form';
import { useAfterSignIn } from './use-signed-in';

export function LoginForm() {
  const afterSignIn = useAfterSignIn();
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const { form, onSubmit } = useRequestForm({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    send: logIn,
    onSent: async (body) => {
      if (body.mfaRequired && body.userId) {
        setChallenge(body as MfaChallenge);
        setDialogOpen(true);
        return;
      }
      toast({ title: 'Welcome back!', description: 'You have successfully logged in.', variant: 'success' });
      await afterSignIn();
    },
    failure: { title: 'Login failed', fallback: 'Please check your credentials and try again.' },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <AuthCard
      title="Sign In"
      description="Sign in to your treasury intelligence account."
      footer={
        <p>
          Don&apos;t have an account?{' '}
          <Link href="/register" className="font-medium text-primary underline-offset-4 hover:underline">
            Create one
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <FormField id="login-email" label="Email" error={errors.email}>
          {(control) => <Input type="email" autoComplete="email" placeholder="you@company.com" {...control} {...form.register('email')} />}
        </FormField>
        <FormField
          id="login-password"
          label="Password"
          error={errors.password}
          labelAside={
            <Link href="/forgot-password" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Forgot password?
            </Link>
          }
        >
          {(control) => <PasswordInput autoComplete="current-password" {...control} {...form.register('password')} />}
        </FormField>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
        {challenge && !dialogOpen && (
          <Button type="button" variant="outline" onClick={() => setDialogOpen(true)}>
            Enter verification code
          </Button>
        )}
      </form>
      {challenge && (
        <MfaVerificationDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          userId={challenge.userId}
          description={challenge.message}
          onVerified={() => {
            setDialogOpen(false);
            void afterSignIn();
          }}
        />
      )}
    </AuthCard>
  );
}
