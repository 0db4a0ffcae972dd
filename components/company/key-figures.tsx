import { FormulaPopover } from '@/components/market/formula-popover';
import { UnknownValue } from '@/components/market/market-figure';
import { formatDay } from '@/lib/format';
import type { KeyFigure } from '@/lib/treasury/company-figures';
import { SourceText } from './source-text';

/** The company's key figures: each with its date, its source and, for a computed one, its formula and inputs. */
export function KeyFigures({ figures }: { figures: KeyFigure[] }) {
  return (
    <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4" data-testid="key-figures">
      {figures.map((figure) => (
        <div key={figure.key} className="flex min-w-0 flex-col gap-1 rounded-md border p-3" data-testid={`figure-${figure.key}`}>
          <dt className="flex items-center justify-between gap-1 text-xs text-muted-foreground">
            {figure.label}
            {figure.formula && <FormulaPopover label={figure.label} formula={figure.formula} figure={figure.figure} />}
          </dt>
          <dd className="text-lg font-semibold tabular-nums">{figure.value ?? <UnknownValue label={figure.label} reason={figure.missing ?? 'unknown'} />}</dd>
          <dd className="text-xs text-muted-foreground" data-testid="figure-as-of">
            {figure.asOf ? `As of ${formatDay(figure.asOf)}` : 'Date not recorded'}
          </dd>
          <dd className="line-clamp-3">
            <SourceText source={figure.source} url={figure.sourceUrl} />
          </dd>
          {figure.caveat && <dd className="text-xs text-warning">{figure.caveat}</dd>}
        </div>
      ))}
    </dl>
  );
}
