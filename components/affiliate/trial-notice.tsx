import { CircleAlert } from 'lucide-react';
import { trialFailureMessages, type TrialFailure } from '@/lib/affiliate/schema';

/** Why the trial link the user just opened did not apply (/trial/{token} sends them here). */
export function TrialNotice({ reason }: { reason: TrialFailure }) {
  return (
    <div role="alert" className="mb-6 flex items-start gap-3 rounded-lg border border-warning/40 bg-warning/10 p-4 text-sm">
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <div>
        <p className="font-semibold">Trial link not applied</p>
        <p className="text-muted-foreground">{trialFailureMessages[reason]}</p>
      </div>
    </div>
  );
}
