'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import { ExportButtons } from '@/components/shared/export-buttons';
import { FlagBadge } from '@/components/shared/flag-badge';
import { UnknownValue } from '@/components/market/market-figure';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { applyDashboardFilter, quickFilters } from '@/lib/dashboard/filters';
import { dashboardKeys, fetchHoldingRows } from '@/lib/dashboard/client';
import { enUsNumber } from '@/lib/en-us';
import type { HoldingRow } from '@/lib/dashboard/holding-row';
import { formatDay, formatMoney, formatMultiple, riskColorClass } from '@/lib/format';
import { companyPath } from '@/lib/treasury/company-path';
import { cn } from '@/lib/utils';
import { useDashboardFilter } from './dashboard-filter';

// The dialog brings recharts; load it on the first row opened, not with the page.
const CompanyDetailDialog = dynamic(() => import('./company-detail-dialog').then((module) => module.CompanyDetailDialog), { ssr: false });

/** Which rows the flag filter keeps: every company, only flagged or unconfirmed ones, or only those counted in totals. */
const flagViews = [
  { value: 'all', label: 'All' },
  { value: 'flagged', label: 'Flagged' },
  { value: 'counted', label: 'Counted in totals' },
] as const;
type FlagView = (typeof flagViews)[number]['value'];

/**
 * Rows in the server's HTML and the hydration: a phone's first screen shows none of them, and each row
 * is HTML to parse, server time and hydration work. The rest follow right after hydration, a slice per
 * task (a transition each), before anyone can scroll to them: one commit of all 75 was the longest task
 * of the dashboard's load on a phone, while a slice of 25 keeps every task short enough that input is
 * answered in between.
 */
const firstPaintRows = 25;
const rowsPerSlice = 25;

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

/** The health grade's colours, as the Badge variants of the same names draw them. */
const gradeClass: Record<string, string> = {
  A: 'border-success/30 bg-success/10 text-success',
  B: 'border-info/30 bg-info/10 text-info',
  C: 'border-transparent bg-secondary text-secondary-foreground',
  D: 'border-warning/30 bg-warning/10 text-warning',
  F: 'border-transparent bg-destructive text-destructive-foreground',
};

/** The Top 100 Bitcoin Treasury Holdings table (spec 001 §2) with the sidebar's quick filter applied. */
export function HoldingsTable({ initialHoldings }: { initialHoldings: HoldingRow[] }) {
  const { filter, recentChangeIds } = useDashboardFilter();
  const holdings = useQuery({ queryKey: dashboardKeys.holdings, queryFn: fetchHoldingRows, initialData: initialHoldings });
  const [openId, setOpenId] = useState<string | null>(null);
  const [mnavSort, setMnavSort] = useState<MnavSort>('none');
  const [flagView, setFlagView] = useState<FlagView>('all');
  const [shownRows, setShownRows] = useState(firstPaintRows);
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
  const moreRows = shownRows < rows.length;
  useEffect(() => {
    if (!moreRows) return;
    // A timer rather than the effect itself: the slice renders and commits in a task of its own.
    const timer = setTimeout(() => startTransition(() => setShownRows((shown) => shown + rowsPerSlice)), 0);
    return () => clearTimeout(timer);
  }, [moreRows, shownRows]);
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
      {/* Narrower padding on a phone: the priority columns (#, company, BTC, risk) fit 375 px. */}
      <CardContent className="px-3 sm:px-6">
        {rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground" data-testid="holdings-empty">
            {holdings.data.length === 0 ? 'No companies are tracked yet. They appear here once the first holdings data has been collected.' : 'No companies match this filter.'}
          </p>
        ) : (
          <Table aria-labelledby="holdings-title" data-testid="holdings-table">
            <TableHeader>
              <TableRow>
                <TableHead className="w-9 sm:w-12">#</TableHead>
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
            {/* A hundred rows: their cells are styled by the `holdings-rows` rules in globals.css, not by classes on each cell. */}
            <tbody className="holdings-rows">
              {rows.slice(0, shownRows).map((company) => (
                <HoldingRowView key={company.id} company={company} rank={rankOf.get(company.id)} onOpen={setOpenId} />
              ))}
            </tbody>
          </Table>
        )}
      </CardContent>
      {openId && <CompanyDetailDialog companyId={openId} onClose={() => setOpenId(null)} />}
    </Card>
  );
}

/**
 * One company's row: plain cells, so a phone parses, styles and hydrates a hundred of them quickly;
 * memoized, so each slice of rows renders only its own.
 */
const HoldingRowView = memo(function HoldingRowView({ company, rank, onOpen }: { company: HoldingRow; rank: number | undefined; onOpen: (id: string) => void }) {
  const { metrics, latest } = company;
  return (
    <tr
      tabIndex={0}
      aria-haspopup="dialog"
      data-company-id={company.id}
      onClick={() => onOpen(company.id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onOpen(company.id);
        }
      }}
    >
      <td>{rank}</td>
      <td>
        {/* The page opens by the name; the rest of the row opens the quick view. Not prefetched: a hundred rows. */}
        <Link href={companyPath(company.slug)} prefetch={false} className="font-medium underline-offset-2 hover:underline" onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
          {company.name}
        </Link>
        <div className="sub sm:hidden">{company.ticker}</div>
        <FlagBadge state={company} className="mt-0.5 block" />
      </td>
      <td>
        {company.ticker}
        <span className="text-xs text-muted-foreground"> · {company.exchange}</span>
      </td>
      <td>{company.sector}</td>
      <td>
        {enUsNumber(company.btcHoldings, 1)}
        <span className="sub" title={`Source: ${latest?.source ?? 'unknown'}`}>
          as of {latest ? formatDay(latest.asOf) : 'unknown'}
        </span>
      </td>
      <td>{formatMoney(latest?.currentValue)}</td>
      <td>
        <span
          className={`grade ${gradeClass[metrics.healthGrade] ?? gradeClass.C}`}
          title={metrics.provisional ? `Provisional: most inputs unknown (${metrics.missingInputs.join(', ')})` : undefined}
          data-provisional={metrics.provisional || undefined}
        >
          {metrics.healthGrade}
          {metrics.provisional && (
            <>
              <span aria-hidden="true">*</span>
              <span className="sr-only"> (provisional: most inputs unknown)</span>
            </>
          )}
        </span>
      </td>
      <td className={riskColorClass(metrics.aiRiskScore)}>{metrics.aiRiskScore.toFixed(1)}</td>
      <td data-testid="mnav-cell">
        {metrics.mNav === null ? (
          <UnknownValue label="mNAV" reason={metrics.mNavReason ?? 'not computed'} />
        ) : (
          <>
            <span data-testid="mnav-value">{formatMultiple(metrics.mNav)}</span>
            <span className="sub">{formatDay(metrics.mNavAsOf)}</span>
          </>
        )}
      </td>
    </tr>
  );
});
