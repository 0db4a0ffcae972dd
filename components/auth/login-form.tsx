'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MfaVerificationDialog } from '@/components/security/mfa-verification-dialog';
import { Button } from '@/components/ui/button';
import { Field, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { logIn } from '@/lib/auth/client';
import { loginSchema } from '@/lib/auth/schema';
import type { MfaChallenge } from '@/lib/auth/types';
import { AuthCard } from './auth-card';
import { serverMessageOr } from './form-errors';
import { PasswordInput } from './password-input';
import { useAfterSignIn } from './use-signed-in';

type LoginValues = z.input<typeof loginSchema>;

export function LoginForm() {
  const afterSignIn = useAfterSignIn();
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const form = useForm<LoginValues, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const login = useMutation({ mutationFn: logIn });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const body = await login.mutateAsync(values);
      if (body.mfaRequired && body.userId) {
        setChallenge(body as MfaChallenge);
        setDialogOpen(true);
        return;
      }
      toast({ title: 'Welcome back!', description: 'You have successfully logged in.', variant: 'success' });
      await afterSignIn();
    } catch (error) {
      toast({ title: 'Login failed', description: serverMessageOr(error, 'Please check your credentials and try again.'), variant: 'destructive' });
    }
  });

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
        <Field data-invalid={Boolean(errors.email)}>
          <FieldLabel htmlFor="login-email">Email</FieldLabel>
          <Input
            id="login-email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? 'login-email-error' : undefined}
            {...form.register('email')}
          />
          <FieldError id="login-email-error" errors={[errors.email]} />
        </Field>
        <Field data-invalid={Boolean(errors.password)}>
          <div className="flex items-center justify-between gap-2">
            <FieldLabel htmlFor="login-password">Password</FieldLabel>
            <Link href="/forgot-password" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Forgot password?
            </Link>
          </div>
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            aria-invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? 'login-password-error' : undefined}
            {...form.register('password')}
          />
          <FieldError id="login-password-error" errors={[errors.password]} />
        </Field>
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
