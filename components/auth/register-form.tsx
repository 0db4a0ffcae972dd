'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { register } from '@/lib/auth/client';
import { registerSchema } from '@/lib/auth/schema';
import { AuthCard } from './auth-card';
import { applyFieldErrors, serverMessageOr } from './form-errors';
import { PasswordInput } from './password-input';
import { useAfterSignIn } from './use-signed-in';

type RegisterValues = z.input<typeof registerSchema>;
const fields = ['firstName', 'lastName', 'email', 'password'] as const;

export function RegisterForm() {
  const afterSignIn = useAfterSignIn();
  const form = useForm<RegisterValues, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const createAccount = useMutation({ mutationFn: register });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await createAccount.mutateAsync(values);
      toast({ title: 'Account Created', description: 'Your account has been created successfully.', variant: 'success' });
      await afterSignIn();
    } catch (error) {
      applyFieldErrors(error, fields, form.setError);
      toast({ title: 'Registration failed', description: serverMessageOr(error, 'Please try again.'), variant: 'destructive' });
    }
  });

  const field = (name: (typeof fields)[number], label: string, input: React.ReactNode) => (
    <Field data-invalid={Boolean(errors[name])}>
      <FieldLabel htmlFor={`register-${name}`}>{label}</FieldLabel>
      {input}
      <FieldError id={`register-${name}-error`} errors={[errors[name]]} />
    </Field>
  );
  const a11y = (name: (typeof fields)[number]) => ({
    id: `register-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `register-${name}-error` : undefined,
  });

  return (
    <AuthCard
      title="Create Account"
      description="Join the platform for corporate Bitcoin treasury intelligence."
      footer={
        <>
          <p>
            Already have an account?{' '}
            <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Sign in
            </Link>
          </p>
          <p className="text-xs">
            By creating an account you agree to our{' '}
            <Link href="/terms-of-service" className="underline underline-offset-4 hover:text-foreground">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link href="/privacy-policy" className="underline underline-offset-4 hover:text-foreground">
              Privacy Policy
            </Link>
            .
          </p>
        </>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('firstName', 'First Name', <Input autoComplete="given-name" {...a11y('firstName')} {...form.register('firstName')} />)}
          {field('lastName', 'Last Name', <Input autoComplete="family-name" {...a11y('lastName')} {...form.register('lastName')} />)}
        </div>
        {field('email', 'Email', <Input type="email" autoComplete="email" placeholder="you@company.com" {...a11y('email')} {...form.register('email')} />)}
        {field(
          'password',
          'Password',
          <PasswordInput autoComplete="new-password" {...a11y('password')} {...form.register('password')} />,
        )}
        <p className="-mt-2 text-xs text-muted-foreground">At least 8 characters. Common passwords are refused.</p>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
