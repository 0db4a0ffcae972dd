import { Skeleton } from '@/components/ui/skeleton';

/** What a tab shows while its code loads: the tabs a screen does not open first load on demand (next/dynamic). */
export function TabLoading() {
  return (
    <div className="flex flex-col gap-3 py-2" role="status" aria-label="Loading">
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
