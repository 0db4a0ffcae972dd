'use client';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** A read that failed: what could not be loaded, the server's reason, and a retry. */
export function LoadError({ what, error, onRetry, className }: { what: string; error: Error; onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={cn('flex flex-wrap items-center gap-3 text-sm text-destructive', className)}>
      <span>
        Unable to load {what}. {error.message}
      </span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
