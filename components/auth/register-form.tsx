'use client';

import Link from 'next/link';
import { FormField } from '@/components/shared/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { register } from '@/lib/auth/client';
import { registerSchema } from '@/lib/auth/schema';
import { AuthCard } from './auth-card';
import { PasswordInput } from './password-input';
import { useAfterSignIn } from './use-signed-in';
import { useRequestForm } from './use-request-form';
const fields = ['firstName', 'lastName', 'email', 'password'] as const;

export function RegisterForm() {
  const afterSignIn = useAfterSignIn();
  const { form, onSubmit } = useRequestForm({
    schema: registerSchema,
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
    send: register,
    onSent: async () => {
      toast({ title: 'Account Created', description: 'Your account has been created successfully.', variant: 'success' });
      await afterSignIn();
    },
    failure: { title: 'Registration failed', fallback: 'Please try again.', fields },
  });
  const { errors, isSubmitting } = form.formState;

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
          <FormField id="register-firstName" label="First Name" error={errors.firstName}>
            {(control) => <Input autoComplete="given-name" {...control} {...form.register('firstName')} />}
          </FormField>
          <FormField id="register-lastName" label="Last Name" error={errors.lastName}>
            {(control) => <Input autoComplete="family-name" {...control} {...form.register('lastName')} />}
          </FormField>
        </div>
        <FormField id="register-email" label="Email" error={errors.email}>
          {(control) => <Input type="email" autoComplete="email" placeholder="you@company.com" {...control} {...form.register('email')} />}
        </FormField>
        <FormField id="register-password" label="Password" error={errors.password}>
          {(control) => <PasswordInput autoComplete="new-password" {...control} {...form.register('password')} />}
        </FormField>
        <p className="-mt-2 text-xs text-muted-foreground">At least 8 characters. Common passwords are refused.</p>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
