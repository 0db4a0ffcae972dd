'use client';

import { useQueryClient } from '@tanstack/react-query';
import { PasswordInput } from '@/components/auth/password-input';
import { useRequestForm } from '@/components/auth/use-request-form';
import { changePassword, userQueryKey } from '@/lib/auth/client';
import { FormField } from '@/components/shared/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { changePasswordFormSchema } from '@/lib/auth/schema';

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
  const { form, onSubmit } = useRequestForm({
    schema: changePasswordFormSchema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    send: ({ currentPassword, newPassword }) => changePassword({ currentPassword, newPassword }),
    onSent: async () => {
      toast({ title: 'Password Changed', description: 'Your password has been updated. Other devices have been signed out.', variant: 'success' });
      form.reset();
      await queryClient.refetchQueries({ queryKey: userQueryKey });
    },
    failure: { title: 'Password Change Failed', fallback: 'Failed to change password. Please try again.', fields },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Changing your password signs out every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          {fields.map((name) => (
            <FormField key={name} id={`password-${name}`} label={labels[name]} error={errors[name]}>
              {(control) => <PasswordInput autoComplete={autoComplete[name]} {...control} {...form.register(name)} />}
            </FormField>
          ))}
          <Button type="submit" disabled={isSubmitting} className="self-start">
            {isSubmitting ? 'Changing Password...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
