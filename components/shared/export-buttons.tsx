import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * CSV and JSON downloads of a screen's rows from /api/v1 (issue 17); the browser's session
 * authorizes them, a key does the same from scripts. `href` carries the screen's filters.
 */
export function ExportButtons({ href, label, testId }: { href: string; label: string; testId?: string }) {
  const withFormat = (format: 'csv' | 'json') => `${href}${href.includes('?') ? '&' : '?'}format=${format}`;
  return (
    <div className="flex gap-1" role="group" aria-label={`Download ${label}`} data-testid={testId}>
      {(['csv', 'json'] as const).map((format) => (
        <Button key={format} asChild variant="outline" size="sm">
          <a href={withFormat(format)} download aria-label={`Download ${label} as ${format.toUpperCase()}`}>
            <Download aria-hidden="true" />
            {format.toUpperCase()}
          </a>
        </Button>
      ))}
    </div>
  );
}
