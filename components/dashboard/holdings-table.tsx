'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ExportButtons } from '@/components/shared/export-buttons';
import { FlagBadge } from '@/components/shared/flag-badge';
import { UnknownValue } from '@/components/market/market-figure';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { applyDashboardFilter, quickFilters } from '@/lib/dashboard/filters';
import type { HoldingRecord } from '@/lib/dashboard/repository';
import { dashboardKeys } from '@/lib/dashboard/client';
import { formatDay, formatMoney, formatMultiple, riskColorClass } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useDashboardFilter } from './dashboard-filter';

// The dialog brings recharts; load it on the first row opened, not with the page.
const CompanyDetailDialog = dynamic(() => import('./company-detail-dialog').then((module) => module.CompanyDetailDialog), { ssr: false });

const btc = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const holdingsDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** Which rows the flag filter keeps: every company, only flagged or unconfirmed ones, or only those counted in totals. */
const flagViews = [
  { value: 'all', label: 'All' },
  { value: 'flagged', label: 'Flagged' },
  { value: 'counted', label: 'Counted in totals' },
] as const;
type FlagView = (typeof flagViews)[number]['value'];

type MnavSort = 'none' | 'desc' | 'asc';
const nextSort: Record<MnavSort, MnavSort> = { none: 'desc', desc: 'asc', asc: 'none' };

/** Sorted by mNAV (companies without one stay last, in rank order), or unchanged. */
function sortByMnav<Row extends { metrics: { mNav: number | null } }>(rows: readonly Row[], sort: MnavSort): Row[] {
  if (sort === 'none') return [...rows];
  const known = rows.filter((row) => row.metrics.mNav !== null);
  const unknown = rows.filter((row) => row.metrics.mNav === null);
  known.sort((a, b) => (sort === 'desc' ? b.metrics.mNav! - a.metrics.mNav! : a.metrics.mNav! - b.metrics.mNav!));
  return [...known, ...unknown];
}

const gradeVariant: Record<string, 'success' | 'info' | 'warning' | 'destructive' | 'secondary'> = {
  A: 'success',
  B: 'info',
  C: 'secondary',
  D: 'warning',
  F: 'destructive',
};

/** The Top 100 Bitcoin Treasury Holdings table (spec 001 §2) with the sidebar's quick filter applied. */
export function HoldingsTable({ initialHoldings }: { initialHoldings: HoldingRecord[] }) {
  const { filter, recentChangeIds } = useDashboardFilter();
  const holdings = useQuery<HoldingRecord[]>({ queryKey: dashboardKeys.holdings, initialData: initialHoldings });
  const [openId, setOpenId] = useState<string | null>(null);
  const [mnavSort, setMnavSort] = useState<MnavSort>('none');
  const [flagView, setFlagView] = useState<FlagView>('all');
  const rankOf = useMemo(() => new Map(holdings.data.map((company, index) => [company.id, index + 1])), [holdings.data]);
  const rows = useMemo(
    () =>
      sortByMnav(
        applyDashboardFilter(holdings.data, filter, { now: new Date(), recentChangeIds }).filter((company) =>
          flagView === 'all' ? true : flagView === 'flagged' ? !company.countedInTotals : company.countedInTotals,
        ),
        mnavSort,
      ),
    [holdings.data, filter, recentChangeIds, flagView, mnavSort],
  );
  const SortIcon = mnavSort === 'desc' ? ArrowDown : mnavSort === 'asc' ? ArrowUp : ArrowUpDown;
  const filterLabel = quickFilters.find((option) => option.value === filter)?.label;

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle id="holdings-title">Top 100 Bitcoin Treasury Holdings</CardTitle>
          <CardDescription>
            Ranked by bitcoin held; select a company for its history, sources and signals.
            {filterLabel ? ` Filter: ${filterLabel} (${rows.length} of ${holdings.data.length}).` : ''}
          </CardDescription>
          <div role="group" aria-label="Flags" className="flex flex-wrap items-center gap-1 pt-1 text-xs" data-testid="flag-filter">
            <span className="mr-1 text-muted-foreground">Flags:</span>
            {flagViews.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={flagView === option.value}
                onClick={() => setFlagView(option.value)}
                className={cn(
                  'rounded-md border px-2 py-1 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60',
                  flagView === option.value && 'border-primary bg-primary text-primary-foreground hover:bg-primary/90',
                )}
              >
                {option.label}
              </button>
            ))}
          </div>
        </div>
        <ExportButtons href={`/api/v1/leaderboard?filter=${filter}`} label="the holdings table" testId="holdings-export" />
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground" data-testid="holdings-empty">
            {holdings.data.length === 0 ? 'No companies yet. Run npm run db:seed to load the tracked companies.' : 'No companies match this filter.'}
          </p>
        ) : (
          <Table aria-labelledby="holdings-title" data-testid="holdings-table">
            <TableHeader>
              <TableRow>
                <TableHead className="w-12">#</TableHead>
                <TableHead>Company</TableHead>
                <TableHead className="hidden sm:table-cell">Ticker</TableHead>
                <TableHead className="hidden md:table-cell">Sector</TableHead>
                <TableHead className="text-right">BTC</TableHead>
                <TableHead className="hidden text-right md:table-cell">Value</TableHead>
                <TableHead className="hidden text-center lg:table-cell">Health</TableHead>
                <TableHead className="text-right">Risk</TableHead>
                <TableHead
                  className="hidden text-right lg:table-cell"
                  aria-sort={mnavSort === 'desc' ? 'descending' : mnavSort === 'asc' ? 'ascending' : 'none'}
                >
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                    onClick={() => setMnavSort(nextSort[mnavSort])}
                    data-testid="sort-mnav"
                    title="mNAV = market cap ÷ (BTC held × BTC price), as of the date shown"
                  >
                    mNAV
                    <SortIcon className="size-3.5" aria-hidden="true" />
                    <span className="sr-only">
                      {mnavSort === 'none' ? '(sort by mNAV, highest first)' : mnavSort === 'desc' ? '(sorted highest first; sort lowest first)' : '(sorted lowest first; clear sort)'}
                    </span>
                  </button>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((company) => (
                <TableRow
                  key={company.id}
                  tabIndex={0}
                  aria-haspopup="dialog"
                  data-company-id={company.id}
                  className="cursor-pointer focus-visible:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() => setOpenId(company.id)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      setOpenId(company.id);
                    }
                  }}
                >
                  <TableCell className="text-muted-foreground tabular-nums">{rankOf.get(company.id)}</TableCell>
                  <TableCell>
                    <div className="font-medium">{company.name}</div>
                    <div className="text-xs text-muted-foreground sm:hidden">{company.ticker}</div>
                    <FlagBadge state={company} className="mt-0.5 block" />
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    {company.ticker}
                    <span className="text-xs text-muted-foreground"> · {company.exchange}</span>
                  </TableCell>
                  <TableCell className="hidden md:table-cell">{company.sector}</TableCell>
                  <TableCell className="text-right font-medium tabular-nums">
                    {btc.format(company.btcHoldings)}
                    <span className="block text-xs font-normal text-muted-foreground" title={`Source: ${company.holdings[0]?.source ?? 'unknown'}`}>
                      as of {holdingsDate.format(new Date(company.holdings[0]!.asOf))}
                    </span>
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums md:table-cell">{formatMoney(company.holdings[0]?.currentValue)}</TableCell>
                  <TableCell className="hidden text-center lg:table-cell">
                    <Badge
                      variant={gradeVariant[company.metrics.healthGrade] ?? 'secondary'}
                      title={company.metrics.provisional ? `Provisional: most inputs unknown (${company.metrics.missingInputs.join(', ')})` : undefined}
                      data-provisional={company.metrics.provisional || undefined}
                    >
                      {company.metrics.healthGrade}
                      {company.metrics.provisional && (
                        <>
                          <span aria-hidden="true">*</span>
                          <span className="sr-only"> (provisional: most inputs unknown)</span>
                        </>
                      )}
                    </Badge>
                  </TableCell>
                  <TableCell className={cn('text-right font-medium tabular-nums', riskColorClass(company.metrics.aiRiskScore))}>
                    {company.metrics.aiRiskScore.toFixed(1)}
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums lg:table-cell" data-testid="mnav-cell">
                    {company.metrics.mNav === null ? (
                      <UnknownValue label="mNAV" reason={company.metrics.missingReasons.mNav ?? 'not computed'} />
                    ) : (
                      <>
                        <span data-testid="mnav-value">{formatMultiple(company.metrics.mNav)}</span>
                        <span className="block text-xs text-muted-foreground">{formatDay(company.metrics.mNavAsOf)}</span>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {openId && <CompanyDetailDialog companyId={openId} onClose={() => setOpenId(null)} />}
    </Card>
  );
}
