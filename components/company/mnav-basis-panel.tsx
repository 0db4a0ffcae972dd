'use client';

import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { ExportButtons } from '@/components/shared/export-buttons';
import { Skeleton } from '@/components/ui/skeleton';
import { apiRequest, errorText } from '@/lib/http/api-client';
import { formatDay, formatMultiple } from '@/lib/format';
import { mnavBases, mnavBasisFormulas, mnavBasisLabels, type MnavBasis } from '@/lib/treasury/mnav-bases';
import { MnavPriceChartSlot } from './chart-slot';

interface MnavPoint {
  date: string;
  mnav: number;
}

/** One basis's daily history from GET /api/v1/companies/{id}/mnav-history?basis= (its JSON export: `{ meta, data }`). */
async function fetchMnavHistory(companyId: string, basis: MnavBasis): Promise<MnavPoint[]> {
  const response = await apiRequest('GET', `/api/v1/companies/${encodeURIComponent(companyId)}/mnav-history?format=json&basis=${basis}`);
  const body = (await response.json()) as { data: { as_of: string; mnav_multiple: number | null }[] };
  return body.data.filter((row) => row.mnav_multiple !== null).map((row) => ({ date: row.as_of.slice(0, 10), mnav: row.mnav_multiple! }));
}

/**
 * mNAV over time beside the share price, with a choice of basis (issue 26): basic from the page, the
 * others from GET /api/v1/companies/{id}/mnav-history?basis=. Each option states its formula on hover
 * and focus; a basis with fewer than two days of history says so instead of drawing a line.
 */
export function MnavBasisPanel(props: {
  companyId: string;
  companyName: string;
  basic: MnavPoint[];
  sharePrices: { date: string; priceUsd: number }[];
  /** The current value of each basis with its date, shown when the basis has no history yet. */
  current: Record<MnavBasis, { value: number | null; asOf: string | null }>;
}) {
  const [basis, setBasis] = useState<MnavBasis>('basic');
  const groupName = useId();
  const fetched = useQuery({
    queryKey: ['/api/v1/companies', props.companyId, 'mnav-history', basis],
    queryFn: () => fetchMnavHistory(props.companyId, basis),
    enabled: basis !== 'basic',
  });
  const history = basis === 'basic' ? props.basic : fetched.data;
  const points = useMemo(() => {
    if (!history?.length) return [];
    const first = history[0]!.date;
    const byDate = new Map<string, { date: string; mnav: number | null; priceUsd: number | null }>();
    for (const price of props.sharePrices) if (price.date >= first) byDate.set(price.date, { date: price.date, mnav: null, priceUsd: price.priceUsd });
    for (const point of history) byDate.set(point.date, { date: point.date, mnav: point.mnav, priceUsd: byDate.get(point.date)?.priceUsd ?? null });
    return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  }, [history, props.sharePrices]);
  const label = mnavBasisLabels[basis];

  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-wrap gap-1" data-testid="mnav-basis-selector">
        <legend className="mb-1 text-xs text-muted-foreground">mNAV basis (hover or focus an option for its formula)</legend>
        {mnavBases.map((option) => {
          const formulaId = `${groupName}-${option}-formula`;
          return (
            <span key={option} className="group relative">
              <label className="inline-block cursor-pointer rounded-md border px-3 py-1.5 text-sm has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:outline-2 has-focus-visible:outline-ring">
                <input type="radio" name={groupName} value={option} checked={basis === option} onChange={() => setBasis(option)} className="sr-only" aria-describedby={formulaId} />
                {mnavBasisLabels[option]}
              </label>
              <span
                id={formulaId}
                role="tooltip"
                className="pointer-events-none absolute top-full left-0 z-20 mt-1 hidden w-72 max-w-[80vw] rounded-md bg-foreground px-3 py-1.5 text-xs text-background group-hover:block group-has-focus-visible:block"
              >
                {mnavBasisFormulas[option]}
              </span>
            </span>
          );
        })}
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono text-xs text-muted-foreground" data-testid="mnav-formula">
          {mnavBasisFormulas[basis]}
        </p>
        {/* The download follows the basis chosen above. */}
        <ExportButtons href={`/api/v1/companies/${encodeURIComponent(props.companyId)}/mnav-history?basis=${basis}`} label={`the ${label} mNAV history`} testId="mnav-history-export" />
      </div>
      {basis !== 'basic' && fetched.isPending ? (
        <Skeleton className="h-56 w-full sm:h-64" />
      ) : fetched.isError && basis !== 'basic' ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(fetched.error)}
        </p>
      ) : points.length < 2 ? (
        <EmptyBasis label={label} current={props.current[basis]} />
      ) : (
        <MnavPriceChartSlot
          key={basis}
          points={points}
          basisLabel={label}
          label={`${props.companyName}: ${label} mNAV from ${formatDay(history![0]!.date)} (${formatMultiple(history![0]!.mnav)}) to ${formatDay(history!.at(-1)!.date)} (${formatMultiple(history!.at(-1)!.mnav)}), beside the share price`}
        />
      )}
    </div>
  );
}

function EmptyBasis({ label, current }: { label: string; current: { value: number | null; asOf: string | null } }) {
  return (
    <div className="flex h-40 flex-col items-center justify-center gap-1 rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground" data-testid="mnav-no-history">
      <p className="font-medium text-foreground">No history yet for {label} mNAV.</p>
      <p>{current.value !== null ? `Its current value is ${formatMultiple(current.value)} (as of ${formatDay(current.asOf)}), in the key figures above.` : 'Its current value is not known either: an input is missing.'}</p>
    </div>
  );
}
