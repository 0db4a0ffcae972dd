'use client';

import { Sigma } from 'lucide-react';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { formatDay, formatInputValue } from '@/lib/format';
import type { Figure } from '@/lib/treasury/market-metrics';

/** The formula of a metric and its inputs, each with its date and source, one click away. */
export function FormulaPopover({ label, formula, figure }: { label: string; formula: string; figure: Figure | null | undefined }) {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <button
          type="button"
          className="inline-flex size-6 items-center justify-center rounded-sm text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={`Formula and inputs of ${label}`}
          data-testid="formula-button"
        >
          <Sigma className="size-3.5" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      <PopoverContent data-testid="formula-popover" className="w-96">
        <p className="font-medium">{label}</p>
        <p className="mt-1 font-mono text-xs">{formula}</p>
        {figure && figure.inputs.length > 0 && (
          <dl className="mt-2 flex flex-col gap-1 text-xs">
            {figure.inputs.map((input) => (
              <div key={`${input.name}-${input.asOf}`} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-2">
                <dt className="text-muted-foreground">{input.name}</dt>
                <dd className="text-right tabular-nums">
                  {formatInputValue(input.name, input.value)} · {formatDay(input.asOf)}
                </dd>
                <dd className="col-span-2 truncate text-muted-foreground" title={input.source}>
                  {input.source}
                </dd>
              </div>
            ))}
          </dl>
        )}
        {figure && figure.missing.length > 0 && (
          <ul className="mt-2 list-disc pl-4 text-xs text-muted-foreground">
            {figure.missing.map((reason) => (
              <li key={reason}>Missing: {reason}</li>
            ))}
          </ul>
        )}
        <p className="mt-2 text-xs text-muted-foreground">Definitions: docs/metrics.md. Nothing is estimated; each input is the latest on or before the date shown.</p>
      </PopoverContent>
    </Popover>
  );
}
