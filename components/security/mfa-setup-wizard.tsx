'use client';

import { useMutation } from '@tanstack/react-query';
import { Check, Copy, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { confirmMfaSetup, startMfaSetup, type MfaSetup } from '@/lib/auth/client';
import { BackupCodesList } from './backup-codes-list';
import { copyToClipboard } from './copy-to-clipboard';
import { verifyMessages } from './mfa-texts';
import { TotpCodeInput } from './totp-code-input';

type Step = 'intro' | 'qr' | 'verify' | 'backup';
const stepNumber: Record<Step, number> = { intro: 1, qr: 2, verify: 3, backup: 4 };

const mfaBenefits = [
  'Protects your account even if your password is stolen',
  'Secures your watchlists, reports and billing details',
  'Works with Google Authenticator, 1Password, Authy and any TOTP app',
  'Backup codes keep you in if you lose your phone',
];

/**
 * The 4-step two-factor setup (spec 000 §2, §4): intro → qr after the setup call, qr → verify on
 * I've Added the Account, verify → backup once the code checks out; Back goes verify → qr → intro.
 */
export function MfaSetupWizard({ open, onOpenChange, onEnabled }: { open: boolean; onOpenChange: (open: boolean) => void; onEnabled: () => void }) {
  const [step, setStep] = useState<Step>('intro');
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [code, setCode] = useState('');
  const [backupCodes, setBackupCodes] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const setupMutation = useMutation({ mutationFn: startMfaSetup });
  const confirmMutation = useMutation({ mutationFn: confirmMfaSetup });

  function close() {
    onOpenChange(false);
    setStep('intro');
    setSetup(null);
    setCode('');
    setBackupCodes([]);
  }

  async function beginSetup() {
    setPending(true);
    try {
      setSetup(await setupMutation.mutateAsync());
      setStep('qr');
    } catch {
      toast({ title: 'Setup Failed', description: verifyMessages.setupFailed, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  async function verify(event: React.FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      toast({ title: 'Invalid Code', description: verifyMessages.sixDigits, variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      const body = await confirmMutation.mutateAsync({ tempSecret: setup?.secret ?? '', code });
      if (!body.success || !body.backupCodes) {
        toast({ title: 'Verification Failed', description: verifyMessages.badCode, variant: 'destructive' });
        setCode('');
        return;
      }
      setBackupCodes(body.backupCodes);
      setStep('backup');
      toast({ title: 'MFA Enabled', description: 'Two-factor authentication is now protecting your account.', variant: 'success' });
      onEnabled();
    } catch {
      toast({ title: 'Verification Error', description: verifyMessages.setupVerifyError, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Set Up Two-Factor Authentication</DialogTitle>
          <DialogDescription>Step {stepNumber[step]} of 4</DialogDescription>
        </DialogHeader>

        {step === 'intro' && (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-muted-foreground">Add a second step to your sign-in: a 6-digit code from an authenticator app that changes every 30 seconds.</p>
            <ul className="flex flex-col gap-2 text-sm">
              {mfaBenefits.map((benefit) => (
                <li key={benefit} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" /> {benefit}
                </li>
              ))}
            </ul>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={close}>
                Skip for Now
              </Button>
              <Button type="button" onClick={() => void beginSetup()} disabled={pending}>
                <ShieldCheck className="size-4" aria-hidden="true" /> {pending ? 'Setting up...' : 'Set Up 2FA'}
              </Button>
            </DialogFooter>
          </div>
        )}

        {step === 'qr' && setup && (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-muted-foreground">Scan this QR code with your authenticator app.</p>
            {/* eslint-disable-next-line @next/next/no-img-element -- an inline SVG data URL, nothing to optimise */}
            <img
              src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrCodeSvg)}`}
              alt="QR code to add this account to your authenticator app"
              className="mx-auto size-48 rounded-md bg-white p-2"
            />
            <div className="flex flex-col gap-2">
              <Label htmlFor="mfa-manual-key">Can&apos;t scan? Enter this key manually</Label>
              <div className="flex gap-2">
                <Input id="mfa-manual-key" readOnly value={setup.manualEntryKey} className="font-mono" data-testid="mfa-manual-key" />
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label="Copy key"
                  onClick={() => void copyToClipboard(setup.secret, { title: 'Copied', description: 'Setup key copied to clipboard.' })}
                >
                  <Copy className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setStep('intro')}>
                Back
              </Button>
              <Button type="button" onClick={() => setStep('verify')}>
                I&apos;ve Added the Account
              </Button>
            </DialogFooter>
          </div>
        )}

        {step === 'verify' && (
          <form onSubmit={verify} className="flex flex-col gap-4" noValidate>
            <div className="flex flex-col gap-2">
              <Label htmlFor="mfa-setup-code">Verification Code</Label>
              <TotpCodeInput id="mfa-setup-code" value={code} onChange={setCode} />
              <p className="text-xs text-muted-foreground">Enter the 6-digit code your app shows for this account.</p>
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setStep('qr')}>
                Back
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? 'Verifying...' : 'Verify'}
              </Button>
            </DialogFooter>
          </form>
        )}

        {step === 'backup' && (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-muted-foreground">
              Save these backup codes somewhere safe. Each one signs you in once if you lose your authenticator.
            </p>
            <BackupCodesList codes={backupCodes} />
            <DialogFooter>
              <Button type="button" onClick={close}>
                Complete Setup
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
