import { Loader2, type LucideProps } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * A spinning loader. On its own it is a status named "Loading" (or its aria-label); beside words that
 * already say what loads, inside their status, pass aria-hidden and it is only drawn.
 */
function Spinner({ className, 'aria-label': ariaLabel = 'Loading', 'aria-hidden': hidden, ...props }: LucideProps) {
  const described = hidden ? { 'aria-hidden': true } : { role: 'status', 'aria-label': ariaLabel };
  return <Loader2 {...described} data-slot="spinner" className={cn('size-4 animate-spin', className)} {...props} />;
}

export { Spinner };
