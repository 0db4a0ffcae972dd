'use client';

import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { serverMessageOr } from '@/components/auth/form-errors';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { resendVerificationEmail } from '@/lib/auth/client';

/** Shown while the account's address is unconfirmed: the product works, but no alert or report mail goes out. */
export function VerifyEmailBanner() {
  const resend = useMutation({
    mutationFn: resendVerificationEmail,
    onSuccess: (body) => toast({ title: 'Verification email sent', description: body.message, variant: 'success' }),
    onError: (error) => toast({ title: 'Could not send the email', description: serverMessageOr(error, 'Failed to send the verification email. Please try again.'), variant: 'destructive' }),
  });

  return (
    <div role="region" aria-label="Email verification" className="mb-6 flex flex-col gap-3 rounded-md border border-amber-500/50 bg-amber-500/10 p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2">
        <MailWarning className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
        <span>
          Confirm your email address to receive alerts and reports by email. Check your inbox for the link.
        </span>
      </p>
      <Button type="button" variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()} className="shrink-0">
        {resend.isPending ? 'Sending...' : 'Resend verification email'}
      </Button>
    </div>
  );
}
