import { ExternalLink } from 'lucide-react';
import { formatDay } from '@/lib/format';
import { cn } from '@/lib/utils';

/** A source in words, linked when it has a document, and the date it is as of. */
export function SourceText({ source, url, date, className }: { source: string; url?: string | null; date?: string | null; className?: string }) {
  return (
    <span className={cn('text-xs break-words text-muted-foreground', className)} title={source}>
      {url ? (
        <a href={url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 underline-offset-2 hover:underline" data-testid="source-link">
          {source} <ExternalLink className="size-3" aria-hidden="true" />
        </a>
      ) : (
        source
      )}
      {date ? ` · ${formatDay(date)}` : ''}
    </span>
  );
}
