import { Skeleton } from '@/components/ui/skeleton';

/** Two placeholder rows while a list loads, announced to screen readers by `label`. */
export function LoadingRows({ label, rowClassName }: { label: string; rowClassName: string }) {
  return (
    <div className="space-y-3" aria-busy="true" aria-label={label}>
      <Skeleton className={`${rowClassName} w-full`} />
      <Skeleton className={`${rowClassName} w-full`} />
    </div>
  );
}
