import { Skeleton } from '@/components/ui/skeleton';

/** The route-level fallback (loading.tsx) of the data-heavy screens: the page's outline while it renders. */
export function RouteLoading() {
  return (
    <div role="status" aria-label="Loading page" aria-busy="true" data-testid="route-loading" className="space-y-6">
      <div className="space-y-2">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-72" />
    </div>
  );
}
