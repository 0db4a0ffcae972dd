import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** What a list shows when it holds nothing: an icon, what is missing and what would change that. */
export function EmptyState({ icon: Icon, title, hint, className, testId }: { icon: LucideIcon; title: string; hint: string; className?: string; testId?: string }) {
  return (
    <div className={cn('flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center', className)} data-testid={testId}>
      <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}
