'use client';

import { ShieldAlert, X } from 'lucide-react';
import Link from 'next/link';
import { useMutation } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { useAuth } from '@/components/auth/use-auth';
import { Button } from '@/components/ui/button';
import { useAfterIdle } from '@/components/ui/use-after-idle';
import { dismissMfaPrompt } from '@/lib/auth/client';
import { useMfaStatus, useRiskAssessment } from './use-mfa';

const promptDismissedKey = (userId: string) => `mfaPromptDismissed:${userId}`;

function dismissedLocally(userId: string) {
  try {
    return localStorage.getItem(promptDismissedKey(userId)) === 'true';
  } catch {
    return false;
  }
}

function subscribeToStorage(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * The MFA recommendation popup on the dashboard (spec 000 §4): only for a signed-in user, hidden
 * when two-factor is on, the risk is low, or the user dismissed it (kept locally and on the server).
 * It floats in a corner instead of blocking the dashboard.
 */
export function MfaPrompt() {
  const { user } = useAuth();
  // A recommendation, not the page: asked for once the page is idle.
  const idle = useAfterIdle();
  const status = useMfaStatus(Boolean(user) && idle);
  const risk = useRiskAssessment(Boolean(user) && idle);
  // Read once the page is idle, when the prompt may first show: until then it reads as dismissed, as
  // on the server (which cannot read localStorage), so it never flashes for a dismisser and the
  // hydration finds what the server rendered.
  const dismissedInStorage = useSyncExternalStore(subscribeToStorage, () => (user && idle ? dismissedLocally(user.id) : true), () => true);
  const [dismissedNow, setDismissedNow] = useState(false);
  const dismissal = useMutation({ mutationFn: dismissMfaPrompt });
  const dismissed = dismissedNow || dismissedInStorage;

  if (!user || !status.data || !risk.data) return null;
  if (dismissed || status.data.enabled || status.data.promptDismissed || risk.data.riskLevel === 'low') return null;

  function dismiss() {
    setDismissedNow(true);
    try {
      localStorage.setItem(promptDismissedKey(user!.id), 'true');
    } catch {
      // Storage unavailable: the server still remembers.
    }
    dismissal.mutate();
  }

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby="mfa-prompt-title"
      className="fixed bottom-4 left-4 z-40 w-[min(24rem,calc(100vw-2rem))] rounded-lg border bg-card p-4 text-card-foreground shadow-lg"
    >
      <div className="flex items-start gap-3">
        <ShieldAlert className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
        <div className="flex flex-1 flex-col gap-2">
          <h2 id="mfa-prompt-title" className="font-semibold">
            Secure Your Account
          </h2>
          <p className="text-sm text-muted-foreground">{risk.data.recommendations.message}</p>
          <div className="mt-1 flex flex-wrap gap-2">
            <Button asChild size="sm">
              <Link href="/security">Enable 2FA</Link>
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={dismiss}>
              Don&apos;t show again
            </Button>
          </div>
        </div>
        <button type="button" onClick={dismiss} aria-label="Dismiss" className="rounded p-1 text-muted-foreground hover:text-foreground">
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
