import { formatDay, formatInputValue } from '@/lib/format';
import type { KeyFigure } from '@/lib/treasury/company-figures';
import { CompanySection } from './company-section';
import { SourceText } from './source-text';

/**
 * Every figure on the page with its date and source, and for a computed one each input with its own:
 * the page's provenance in one list (issue 26), plus the holdings sources the history draws on.
 */
export function ProvenanceTable({ figures, holdingsSources }: { figures: KeyFigure[]; holdingsSources: { name: string; url: string | null; latestAsOf: string }[] }) {
  return (
    <CompanySection id="provenance" title="Provenance" description="Where each figure on this page comes from, and as of when.">
      <ul className="flex flex-col divide-y rounded-md border text-sm" data-testid="provenance">
        {figures.map((figure) => (
          <li key={figure.key} className="flex flex-col gap-1 px-3 py-2 sm:flex-row sm:items-start sm:justify-between">
            <span className="font-medium">{figure.label}</span>
            <span className="flex flex-col gap-0.5 sm:max-w-[60%] sm:text-right">
              <SourceText source={figure.source} url={figure.sourceUrl} date={figure.asOf} />
              {figure.figure?.inputs.map((input) => (
                <span key={`${input.name}-${input.asOf}`} className="text-xs text-muted-foreground">
                  {input.name}: {formatInputValue(input.name, input.value)} · {formatDay(input.asOf)} · {input.source}
                </span>
              ))}
              {figure.value === null && figure.missing && <span className="text-xs text-muted-foreground">Unknown: {figure.missing}</span>}
            </span>
          </li>
        ))}
      </ul>
      <h3 className="mt-4 mb-2 text-sm font-medium">Holdings sources</h3>
      <ul className="flex flex-col gap-1 text-sm" data-testid="holdings-sources">
        {holdingsSources.map((source) => (
          <li key={`${source.name}-${source.url ?? ''}`}>
            <SourceText source={source.name} url={source.url} date={source.latestAsOf} />
          </li>
        ))}
      </ul>
    </CompanySection>
  );
}
