'use client';

import { useMutation } from '@tanstack/react-query';
import { KeyRound, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/components/auth/form-errors';
import { verifyMfaCode } from '@/lib/auth/client';
import { ApiError } from '@/lib/http/api-client';
import { verifyMessages } from './mfa-texts';
import { TotpCodeInput } from './totp-code-input';

type Mode = 'authenticator' | 'backup';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
  onVerified: () => void;
  title?: string;
  description?: string;
}

/**
 * The two-factor verification dialog (spec 000 §2): Authenticator and Backup Code tabs. It completes
 * a sign-in whose password step asked for a second factor, and confirms identity before 2FA is disabled.
 */
export function MfaVerificationDialog({ open, onOpenChange, userId, onVerified, title, description }: Props) {
  const [mode, setMode] = useState<Mode>('authenticator');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const verifyMutation = useMutation({ mutationFn: verifyMfaCode });

  function switchMode(next: string) {
    setMode(next as Mode);
    setCode('');
  }

  async function verify(event: React.FormEvent) {
    event.preventDefault();
    const useBackup = mode === 'backup';
    const entered = useBackup ? code.trim().toUpperCase() : code;
    if (!entered) {
      toast({ title: 'Code Required', description: verifyMessages.codeRequired, variant: 'destructive' });
      return;
    }
    if (!useBackup && !/^\d{6}$/.test(entered)) {
      toast({ title: 'Invalid Code', description: verifyMessages.sixDigits, variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      const { valid } = await verifyMutation.mutateAsync({ userId, code: entered, useBackup });
      if (!valid) {
        toast({ title: 'Verification Failed', description: useBackup ? verifyMessages.badBackup : verifyMessages.badCode, variant: 'destructive' });
        setCode('');
        return;
      }
      toast({ title: 'Verification Successful', description: 'Access granted.', variant: 'success' });
      setCode('');
      onVerified();
    } catch (error) {
      const rateLimited = error instanceof ApiError && error.status === 429;
      toast({
        title: 'Verification Error',
        description: rateLimited ? serverMessageOr(error, verifyMessages.verifyError) : verifyMessages.verifyError,
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title ?? 'Two-Factor Authentication'}</DialogTitle>
          <DialogDescription>{description ?? 'Enter the 6-digit code from your authenticator app, or one of your backup codes.'}</DialogDescription>
        </DialogHeader>
        <Tabs value={mode} onValueChange={switchMode}>
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="authenticator">
              <Smartphone className="size-4" aria-hidden="true" /> Authenticator
            </TabsTrigger>
            <TabsTrigger value="backup">
              <KeyRound className="size-4" aria-hidden="true" /> Backup Code
            </TabsTrigger>
          </TabsList>
          <form onSubmit={verify} className="mt-4 flex flex-col gap-4" noValidate>
            <TabsContent value="authenticator" className="flex flex-col gap-2">
              <Label htmlFor="mfa-code">Authentication Code</Label>
              <TotpCodeInput id="mfa-code" value={mode === 'authenticator' ? code : ''} onChange={setCode} />
              <p className="text-xs text-muted-foreground">The code changes every 30 seconds.</p>
            </TabsContent>
            <TabsContent value="backup" className="flex flex-col gap-2">
              <Label htmlFor="mfa-backup-code">Backup Code</Label>
              <Input
                id="mfa-backup-code"
                autoComplete="off"
                placeholder="XXXX-XXXX"
                maxLength={32}
                value={mode === 'backup' ? code : ''}
                onChange={(event) => setCode(event.target.value.toUpperCase())}
                className="text-center font-mono text-lg tracking-widest"
              />
              <p className="text-xs text-muted-foreground">Each backup code works once.</p>
            </TabsContent>
            <Button type="submit" disabled={pending}>
              {pending ? 'Verifying...' : 'Verify'}
            </Button>
          </form>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
