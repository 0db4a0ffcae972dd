'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { applyFieldErrors, serverMessageOr } from '@/components/auth/form-errors';
import { PasswordInput } from '@/components/auth/password-input';
import { changePassword, userQueryKey } from '@/lib/auth/client';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError, FieldLabel } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { changePasswordFormSchema, type ChangePasswordFormInput } from '@/lib/auth/schema';

const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const labels: Record<(typeof fields)[number], string> = {
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  confirmPassword: 'Confirm New Password',
};
const autoComplete: Record<(typeof fields)[number], string> = {
  currentPassword: 'current-password',
  newPassword: 'new-password',
  confirmPassword: 'new-password',
};

/** Change Password (spec 000 §5: its four rules). Other browsers are signed out by the server. */
export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const form = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const change = useMutation({ mutationFn: changePassword });

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      toast({ title: 'Password Changed', description: 'Your password has been updated. Other devices have been signed out.', variant: 'success' });
      form.reset();
      await queryClient.refetchQueries({ queryKey: userQueryKey });
    } catch (error) {
      applyFieldErrors(error, fields, form.setError);
      toast({ title: 'Password Change Failed', description: serverMessageOr(error, 'Failed to change password. Please try again.'), variant: 'destructive' });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Changing your password signs out every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          {fields.map((name) => (
            <Field key={name} data-invalid={Boolean(errors[name])}>
              <FieldLabel htmlFor={`password-${name}`}>{labels[name]}</FieldLabel>
              <PasswordInput
                id={`password-${name}`}
                autoComplete={autoComplete[name]}
                aria-invalid={Boolean(errors[name])}
                aria-describedby={errors[name] ? `password-${name}-error` : undefined}
                {...form.register(name)}
              />
              <FieldError id={`password-${name}-error`} errors={[errors[name]]} />
            </Field>
          ))}
          <Button type="submit" disabled={isSubmitting} className="self-start">
            {isSubmitting ? 'Changing Password...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
