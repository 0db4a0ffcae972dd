import { Loader2, type LucideProps } from 'lucide-react';
import { cn } from '@/lib/utils';

function Spinner({ className, 'aria-label': ariaLabel = 'Loading', ...props }: LucideProps) {
  return (
    <Loader2 role="status" aria-label={ariaLabel} data-slot="spinner" className={cn('size-4 animate-spin', className)} {...props} />
  );
}

export { Spinner };
