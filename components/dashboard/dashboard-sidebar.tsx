'use client';

import { useQuery } from '@tanstack/react-query';
import { Filter, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { BtcMoves, DashboardStats } from '@/lib/dashboard/repository';
import { marketValueText, movePeriodLabels } from '@/lib/dashboard/market-stats';
import { dashboardKeys } from '@/lib/dashboard/client';
import { quickFilters } from '@/lib/dashboard/filters';
import { formatBtc, formatChange, formatDay, formatMoney } from '@/lib/format';
import { nameWithTicker } from '@/lib/treasury/aggregates';
import { cn } from '@/lib/utils';
import { useDashboardFilter } from './dashboard-filter';

const changeClass = (value: number | null) => (value === null ? 'text-muted-foreground' : value >= 0 ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400');

/** Quick Filters and Market Stats; hidden on small screens (spec 001 §2). */
export function DashboardSidebar({ btc, initialStats }: { btc: BtcMoves; initialStats: DashboardStats }) {
  const { filter, setFilter } = useDashboardFilter();
  // The stat cards' query: one cache entry, refetched when a realtime message invalidates it.
  const stats = useQuery<DashboardStats>({ queryKey: dashboardKeys.stats, initialData: initialStats });
  const data = stats.data;
  const periods = movePeriodLabels(btc.pricedAt, new Date());

  return (
    <aside className="hidden w-60 shrink-0 flex-col gap-4 lg:flex" aria-label="Dashboard sidebar">
      <Card>
        <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0 pb-3">
          <CardTitle className="flex items-center gap-2 text-base">
            <Filter className="size-4" aria-hidden="true" /> Quick Filters
          </CardTitle>
          {filter !== 'all' && (
            <Button type="button" variant="ghost" size="sm" onClick={() => setFilter('all')}>
              <X aria-hidden="true" /> Clear
            </Button>
          )}
        </CardHeader>
        <CardContent className="flex flex-col gap-1" role="group" aria-label="Quick Filters">
          {quickFilters.map((option) => (
            <button
              key={option.value}
              type="button"
              data-filter={option.value}
              aria-pressed={filter === option.value}
              aria-describedby={`filter-${option.value}-description`}
              onClick={() => setFilter(filter === option.value ? 'all' : option.value)}
              className={cn(
                'rounded-md px-3 py-2 text-left text-sm transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60',
                filter === option.value && 'bg-primary text-primary-foreground hover:bg-primary/90',
              )}
            >
              <span className="block font-medium">{option.label}</span>
              <span aria-hidden="true" className={cn('block text-xs', filter === option.value ? 'text-primary-foreground/80' : 'text-muted-foreground')}>{option.description}</span>
            </button>
          ))}
          {quickFilters.map((option) => (
            <span key={option.value} id={`filter-${option.value}-description`} className="sr-only">
              {option.description}
            </span>
          ))}
        </CardContent>
      </Card>
      <Card data-testid="market-stats">
        <CardHeader className="pb-3">
          <CardTitle className="text-base">Market Stats</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          <div>
            <p className="text-muted-foreground">Total BTC held</p>
            <p className="text-lg font-semibold tabular-nums" data-testid="market-total-btc">
              {data ? formatBtc(data.totalBitcoin) : '—'}
            </p>
            {data && data.excludedFromTotals.companies > 0 && (
              <p className="text-xs text-muted-foreground" data-testid="totals-excluded">
                Confirmed figures only: excludes {data.excludedFromTotals.companies} flagged or unconfirmed{' '}
                {data.excludedFromTotals.companies === 1 ? 'company' : 'companies'}, {formatBtc(data.excludedFromTotals.btc)}
              </p>
            )}
            {data && data.excludedFromTotals.list.length > 0 && (
              <p className="text-xs break-words text-muted-foreground" data-testid="totals-excluded-names">
                Left out: {data.excludedFromTotals.list.map((company) => nameWithTicker(company)).join(', ')}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1">
            <p>
              <span className={cn('font-medium tabular-nums', changeClass(btc.weekChange))}>{formatChange(btc.weekChange)}</span> {periods.week}
            </p>
            <p>
              <span className={cn('font-medium tabular-nums', changeClass(btc.dayChange))}>{formatChange(btc.dayChange)}</span> {periods.day}
            </p>
          </div>
          <div>
            <p className="text-muted-foreground">Market value</p>
            <p className="text-lg font-semibold tabular-nums" data-testid="market-value">
              {marketValueText(data?.totalBitcoinValue, formatMoney)}
            </p>
          </div>
          {btc.pricedAt && <p className="text-xs text-muted-foreground">BTC price as of {formatDay(btc.pricedAt)}</p>}
        </CardContent>
      </Card>
    </aside>
  );
}
