import { TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { type FlagState, flagLabel, flagReasons } from '@/lib/treasury/flags';
import { TextList } from './text-list';

/**
 * A company's flag where it is listed: the badge and the short reason are visible text (also at
 * 375 px and to screen readers); the full reason, with both figures, is in the company dialog and
 * on hover.
 */
export function FlagBadge({ state, className }: { state: FlagState; className?: string }) {
  const label = flagLabel(state);
  if (!label) return null;
  return (
    <span className={className} data-testid="flag-badge" title={flagReasons(state).join('\n')}>
      <Badge variant={state.flagged ? 'warning' : 'outline'} className="mr-1 align-middle">
        <TriangleAlert aria-hidden="true" />
        {state.flagged ? 'Flagged' : 'Unconfirmed'}
      </Badge>
      <span className="align-middle text-xs text-muted-foreground whitespace-normal">{label}; not in totals</span>
    </span>
  );
}

/** The full flag in a company's dialog: every reason, with the figures and dates it names. */
export function FlagNotice({ state }: { state: FlagState }) {
  const label = flagLabel(state);
  if (!label) return null;
  return (
    <div role="note" aria-label="Flag" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm" data-testid="flag-notice">
      <p className="flex items-center gap-2 font-medium text-warning">
        <TriangleAlert className="size-4" aria-hidden="true" />
        {state.flagged ? 'Flagged' : 'Unconfirmed'}: {label}. This company is left out of the dashboard totals.
      </p>
      <TextList items={flagReasons(state)} className="mt-1 list-disc pl-5 text-xs break-words text-foreground/90" />
    </div>
  );
}
