'use client';

import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { serverMessageOr } from '@/components/auth/form-errors';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/http/api-client';

/** Shown while the account's address is unconfirmed: the product works, but no alert or report mail goes out. */
export function VerifyEmailBanner() {
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      const response = await apiRequest('POST', '/api/auth/verify-email/resend', {});
      const body = (await response.json()) as { message: string };
      toast({ title: 'Verification email sent', description: body.message, variant: 'success' });
    } catch (error) {
      toast({ title: 'Could not send the email', description: serverMessageOr(error, 'Failed to send the verification email. Please try again.'), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  return (
    <div role="region" aria-label="Email verification" className="mb-6 flex flex-col gap-3 rounded-md border border-amber-500/50 bg-amber-500/10 p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2">
        <MailWarning className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
        <span>
          Confirm your email address to receive alerts and reports by email. Check your inbox for the link.
        </span>
      </p>
      <Button type="button" variant="outline" size="sm" disabled={sending} onClick={() => void resend()} className="shrink-0">
        {sending ? 'Sending...' : 'Resend verification email'}
      </Button>
    </div>
  );
}
