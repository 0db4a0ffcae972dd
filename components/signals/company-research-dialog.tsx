'use client';

import { Building2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { displayCompanyName } from '@/lib/signals/display';
import type { SignalDto } from '@/lib/signals/schema';

/** Company Background Research: a placeholder until the research tools ship (spec 001 §2). */
export function CompanyResearchDialog({ signal, onClose }: { signal: SignalDto | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(signal)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl" showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>Company Background Research</DialogTitle>
          <DialogDescription>{signal ? displayCompanyName(signal) : ''}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
          <Building2 className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">Company research tools are being finalized</p>
          <p className="text-sm text-muted-foreground">Executive profiles, ownership structure and treasury history will appear here.</p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
