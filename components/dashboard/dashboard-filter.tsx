'use client';

import { createContext, useContext, useMemo, useState } from 'react';
import type { DashboardFilter } from '@/lib/dashboard/filters';

interface FilterState {
  filter: DashboardFilter;
  setFilter: (filter: DashboardFilter) => void;
  /** Companies whose holdings changed in the last 24 hours (for recent-activity). */
  recentChangeIds: ReadonlySet<string>;
}

const FilterContext = createContext<FilterState | null>(null);

/** The quick filter the sidebar sets and the holdings table and signal panel read. */
export function DashboardFilterProvider({ recentChangeIds, children }: { recentChangeIds: readonly string[]; children: React.ReactNode }) {
  const [filter, setFilter] = useState<DashboardFilter>('all');
  const changed = useMemo(() => new Set(recentChangeIds), [recentChangeIds]);
  return <FilterContext value={{ filter, setFilter, recentChangeIds: changed }}>{children}</FilterContext>;
}

export function useDashboardFilter(): FilterState {
  const state = useContext(FilterContext);
  if (!state) throw new Error('useDashboardFilter needs a DashboardFilterProvider');
  return state;
}
