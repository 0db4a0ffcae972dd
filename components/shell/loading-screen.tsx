import { Spinner } from '@/components/ui/spinner';

/** Shown while the auth state loads (spec 000 §2). */
export function LoadingScreen() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3" aria-busy="true">
      <Spinner className="size-8 text-primary" aria-label="Loading" />
      <p className="text-sm text-muted-foreground">Loading...</p>
    </div>
  );
}
