import Link from 'next/link';
import { Button } from '@/components/ui/button';
import type { CompareWindow } from '@/lib/treasury/compare';

/**
 * The companies compared: each removable by a link, one more added by a plain GET form (a text field
 * with the tracked companies as suggestions). No script: it works by keyboard and before any loads.
 */
export function ComparePicker({ selected, options, window, max }: { selected: { slug: string; name: string }[]; options: { slug: string; name: string }[]; window: CompareWindow; max: number }) {
  const slugs = selected.map((company) => company.slug);
  const without = (slug: string) => {
    const rest = slugs.filter((other) => other !== slug);
    return `/compare?tickers=${rest.map(encodeURIComponent).join(',')}&window=${window}`;
  };
  return (
    <div className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid="compare-picker">
      <ul className="flex flex-wrap gap-2" aria-label="Companies compared">
        {selected.map((company) => (
          <li key={company.slug} className="flex items-center gap-1 rounded-full border py-1 pr-1 pl-3 text-sm">
            {company.name} <span className="text-muted-foreground">({company.slug})</span>
            <Link href={without(company.slug)} className="rounded-full px-2 py-0.5 hover:bg-muted" aria-label={`Remove ${company.name}`}>
              ×
            </Link>
          </li>
        ))}
      </ul>
      {selected.length < max && (
        <form method="get" action="/compare" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="tickers" value={slugs.join(',')} />
          <input type="hidden" name="window" value={window} />
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
            Add a company (ticker)
            <input name="add" list="compare-companies" required autoComplete="off" className="h-9 rounded-md border bg-background px-3 text-sm" placeholder="e.g. MSTR" />
          </label>
          <datalist id="compare-companies">
            {options
              .filter((option) => !slugs.includes(option.slug))
              .map((option) => (
                <option key={option.slug} value={option.slug}>
                  {option.name}
                </option>
              ))}
          </datalist>
          <Button type="submit" size="sm">
            Add
          </Button>
        </form>
      )}
    </div>
  );
}
