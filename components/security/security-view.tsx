'use client';

import { useMutation } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, KeyRound, Lock, RefreshCw, ShieldAlert, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '@/components/auth/use-auth';
import { serverMessageOr } from '@/components/auth/form-errors';
import { TextList } from '@/components/shared/text-list';
import { PageHeader } from '@/components/shell/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { disableMfa, regenerateBackupCodes } from '@/lib/auth/client';
import { mfaDisableMarker } from '@/lib/auth/schema';
import type { RiskAssessment } from '@/lib/auth/types';
import { cn } from '@/lib/utils';
import { BackupCodesList } from './backup-codes-list';
import { MfaSetupWizard } from './mfa-setup-wizard';
import { verifyMessages } from './mfa-texts';
import { MfaVerificationDialog } from './mfa-verification-dialog';
import { useMfaStatus, useRefreshSecurity, useRiskAssessment } from './use-mfa';

/** Security Settings (spec 000 §2). */
export function SecurityView() {
  const { user } = useAuth();
  const status = useMfaStatus();
  const risk = useRiskAssessment();
  const refresh = useRefreshSecurity();
  const [wizardOpen, setWizardOpen] = useState(false);
  const [verifyOpen, setVerifyOpen] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const enabled = status.data?.enabled ?? false;
  const disableMutation = useMutation({ mutationFn: () => disableMfa(mfaDisableMarker) });
  const regenerateMutation = useMutation({ mutationFn: regenerateBackupCodes });

  async function disable() {
    setVerifyOpen(false);
    setDisabling(true);
    try {
      await disableMutation.mutateAsync();
      setNewCodes(null);
      toast({ title: 'MFA Disabled', description: 'Two-factor authentication has been turned off. Other devices have been signed out.' });
      await refresh();
    } catch (error) {
      toast({ title: 'Disable Failed', description: serverMessageOr(error, verifyMessages.disableFailed), variant: 'destructive' });
    } finally {
      setDisabling(false);
    }
  }

  async function regenerate() {
    setRegenerating(true);
    try {
      const { backupCodes } = await regenerateMutation.mutateAsync();
      setNewCodes(backupCodes);
      toast({ title: 'Backup Codes Regenerated', description: 'Your old backup codes no longer work. Save the new ones.', variant: 'success' });
      await refresh();
    } catch {
      toast({ title: 'Generation Failed', description: verifyMessages.generationFailed, variant: 'destructive' });
    } finally {
      setRegenerating(false);
    }
  }

  return (
    <>
      <PageHeader title="Security Settings" description="Two-factor authentication, backup codes and your account's security status." />
      {status.isLoading || risk.isLoading ? (
        <div className="grid gap-6 lg:grid-cols-2" aria-busy="true">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          {risk.data && <RiskBanner assessment={risk.data} />}
          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center justify-between gap-2">
                  <span className="flex items-center gap-2">
                    <ShieldCheck className="size-5 text-primary" aria-hidden="true" /> Two-Factor Authentication
                  </span>
                  <Badge variant={enabled ? 'success' : 'destructive'} data-testid="mfa-status-badge">
                    {enabled ? 'Enabled' : 'Disabled'}
                  </Badge>
                </CardTitle>
                <CardDescription>
                  {enabled ? 'Sign-ins need a code from your authenticator app.' : 'Sign-ins need only your password.'}
                </CardDescription>
              </CardHeader>
              <CardContent className="flex flex-col gap-4">
                {enabled ? (
                  <>
                    <div className="flex items-center justify-between gap-4 rounded-md border p-3">
                      <div className="flex items-center gap-2 text-sm">
                        <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
                        <span data-testid="backup-codes-remaining">
                          {status.data?.backupCodesRemaining ?? 0} backup codes remaining
                        </span>
                      </div>
                      <Button type="button" variant="outline" size="sm" onClick={() => void regenerate()} disabled={regenerating}>
                        <RefreshCw className={cn('size-4', regenerating && 'animate-spin')} aria-hidden="true" />
                        {regenerating ? 'Generating...' : 'Regenerate Backup Codes'}
                      </Button>
                    </div>
                    <Button type="button" variant="destructive" className="self-start" onClick={() => setVerifyOpen(true)} disabled={disabling}>
                      <ShieldOff className="size-4" aria-hidden="true" /> {disabling ? 'Disabling...' : 'Disable 2FA'}
                    </Button>
                  </>
                ) : (
                  <Button type="button" className="self-start" onClick={() => setWizardOpen(true)}>
                    <ShieldCheck className="size-4" aria-hidden="true" /> Enable 2FA
                  </Button>
                )}
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle>Security Status</CardTitle>
                <CardDescription>How your account is protected.</CardDescription>
              </CardHeader>
              <CardContent>
                <ul className="flex flex-col gap-3 text-sm">
                  <StatusRow icon={ShieldCheck} label="Two-Factor Authentication" value={enabled ? 'Enabled' : 'Disabled'} ok={enabled} />
                  <StatusRow icon={Lock} label="Password Protection" value="Enabled" ok />
                  <StatusRow icon={CheckCircle2} label="Account Verified" value={user ? (user.emailVerified ? 'Verified' : 'Email not confirmed') : '—'} ok={Boolean(user?.emailVerified)} />
                </ul>
              </CardContent>
            </Card>
          </div>

          {newCodes && (
            <Card>
              <CardHeader>
                <CardTitle>New Backup Codes</CardTitle>
                <CardDescription>Your previous codes stopped working. Each of these works once; store them somewhere safe.</CardDescription>
              </CardHeader>
              <CardContent>
                <BackupCodesList codes={newCodes} />
              </CardContent>
            </Card>
          )}
        </div>
      )}

      <MfaSetupWizard open={wizardOpen} onOpenChange={setWizardOpen} onEnabled={() => void refresh()} />
      {user && (
        <MfaVerificationDialog
          open={verifyOpen}
          onOpenChange={setVerifyOpen}
          userId={user.id}
          title="Confirm It's You"
          description="Enter a code from your authenticator app or a backup code to disable two-factor authentication."
          onVerified={() => void disable()}
        />
      )}
    </>
  );
}

const riskStyles: Record<string, { label: string; className: string; icon: typeof ShieldAlert }> = {
  high: { label: 'High', className: 'border-destructive/40 bg-destructive/10', icon: ShieldAlert },
  medium: { label: 'Medium', className: 'border-warning/40 bg-warning/10', icon: AlertTriangle },
  low: { label: 'Low', className: 'border-success/40 bg-success/10', icon: ShieldCheck },
};

function RiskBanner({ assessment }: { assessment: RiskAssessment }) {
  const style = riskStyles[assessment.riskLevel] ?? riskStyles.medium!;
  const Icon = style.icon;
  return (
    <section role="status" aria-label="Security risk level" className={cn('flex gap-3 rounded-lg border p-4', style.className)}>
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-2">
        <h2 className="font-semibold">Security Risk Level: {style.label}</h2>
        <p className="text-sm">{assessment.recommendations.message}</p>
        {assessment.recommendations.benefits.length > 0 && (
          <TextList items={assessment.recommendations.benefits} className="list-inside list-disc text-sm text-muted-foreground" />
        )}
      </div>
    </section>
  );
}

function StatusRow({ icon: Icon, label, value, ok }: { icon: typeof ShieldCheck; label: string; value: string; ok: boolean }) {
  return (
    <li className="flex items-center justify-between gap-4">
      <span className="flex items-center gap-2">
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" /> {label}
      </span>
      <Badge variant={ok ? 'success' : 'warning'}>{value}</Badge>
    </li>
  );
}
