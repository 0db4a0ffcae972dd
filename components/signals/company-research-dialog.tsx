'use client';

import { Building2 } from 'lucide-react';
import { displayCompanyName } from '@/lib/signals/display';
import type { SignalDto } from '@/lib/signals/schema';
import { SignalViewDialog } from './signal-view-dialog';

/** Company Background Research: a placeholder until the research tools ship (spec 001 §2). */
export function CompanyResearchDialog({ signal, onClose }: { signal: SignalDto | null; onClose: () => void }) {
  return (
    <SignalViewDialog open={Boolean(signal)} title="Company Background Research" description={signal ? displayCompanyName(signal) : ''} onClose={onClose}>
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
          <Building2 className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">Company research tools are being finalized</p>
          <p className="text-sm text-muted-foreground">Executive profiles, ownership structure and treasury history will appear here.</p>
        </div>
    </SignalViewDialog>
  );
}
