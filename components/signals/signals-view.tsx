'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { useRealtime } from '@/components/realtime/use-realtime';
import { ExportButtons } from '@/components/shared/export-buttons';
import { OptionSelect } from '@/components/shared/option-select';
import { TabLoading } from '@/components/shared/tab-loading';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { fetchSignalSummary, signalKeys, signalsPollMs } from '@/lib/signals/client';
import type { SignalDto } from '@/lib/signals/schema';
import type { InvestigationView } from './investigation-dialog';
import { SignalCounters } from './signal-counters';
import { SignalList } from './signal-list';

// What the first paint does not show — the other tabs and the investigation dialogs — loads when it is
// first asked for, not with the page: on a phone their code was most of the screen's start-up work.
const DataSourcesTab = dynamic(() => import('./data-sources-tab').then((module) => module.DataSourcesTab), { ssr: false, loading: TabLoading });
const DetectionFrameworkTab = dynamic(() => import('./detection-framework-tab').then((module) => module.DetectionFrameworkTab), { ssr: false, loading: TabLoading });
const InvestigationDialog = dynamic(() => import('./investigation-dialog').then((module) => module.InvestigationDialog), { ssr: false });
const SecFilingDialog = dynamic(() => import('./sec-filing-dialog').then((module) => module.SecFilingDialog), { ssr: false });
const MarketImpactDialog = dynamic(() => import('./market-impact-dialog').then((module) => module.MarketImpactDialog), { ssr: false });
const CompanyResearchDialog = dynamic(() => import('./company-research-dialog').then((module) => module.CompanyResearchDialog), { ssr: false });

/** True from the first render where `value` is true on: a dialog stays mounted once opened, so closing it returns the focus. */
function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

const severityOptions = [
  { value: 'all', label: 'All' },
  { value: 'critical', label: 'Critical' },
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
];

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The Signals screen (spec 001 §2): counters, search and severity filter, tabs, and the investigation dialogs. */
function signalsExportUrl(q: string, severity: string) {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (severity !== 'all') params.set('severity', severity);
  const query = params.toString();
  return `/api/v1/signals/export${query ? `?${query}` : ''}`;
}

export function SignalsView() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [severity, setSeverity] = useState('all');
  const q = useDebounced(search, 300);
  const [investigating, setInvestigating] = useState<SignalDto | null>(null);
  const [view, setView] = useState<{ kind: InvestigationView; signal: SignalDto } | null>(null);

  const summary = useQuery({ queryKey: signalKeys.summary, queryFn: fetchSignalSummary, refetchInterval: signalsPollMs });

  useRealtime(['signals'], (message) => {
    if (message.type === 'new_signal') void queryClient.invalidateQueries({ queryKey: signalKeys.all });
  });

  const openView = (kind: InvestigationView, signal: SignalDto) => {
    // Each sub-view replaces the investigation dialog (spec 001 §4).
    setInvestigating(null);
    setView({ kind, signal });
  };
  const closeView = () => setView(null);
  const investigationWanted = useOnceTrue(investigating !== null);
  const viewsWanted = useOnceTrue(view !== null);

  return (
    <div className="space-y-6">
      <p className="text-sm text-muted-foreground" data-testid="active-signal-count">
        {summary.data ? `${summary.data.activeSignals} active signals` : 'Counting active signals...'}
        {summary.data ? ` in the last ${summary.data.windowDays} days · ${summary.data.totalSignals} signals on record` : ''}
      </p>
      <SignalCounters summary={summary.data} />

      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            type="search"
            aria-label="Search signals"
            placeholder="Search signals, companies, or sources..."
            className="pl-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <OptionSelect value={severity} options={severityOptions} onChange={setSeverity} className="w-full sm:w-44" aria-label="Severity" />
        <ExportButtons href={signalsExportUrl(q, severity)} label="the signals list" testId="signals-export" />
      </div>

      <Tabs defaultValue="live">
        <TabsList>
          <TabsTrigger value="live">Live Signals</TabsTrigger>
          <TabsTrigger value="sources">Data Sources</TabsTrigger>
          <TabsTrigger value="framework">Detection Framework</TabsTrigger>
        </TabsList>
        <TabsContent value="live" className="pt-2">
          <SignalList filters={{ q, severity }} onInvestigate={setInvestigating} />
        </TabsContent>
        <TabsContent value="sources" className="pt-2">
          <DataSourcesTab />
        </TabsContent>
        <TabsContent value="framework" className="pt-2">
          <DetectionFrameworkTab />
        </TabsContent>
      </Tabs>

      {investigationWanted && <InvestigationDialog signal={investigating} onClose={() => setInvestigating(null)} onOpenView={openView} />}
      {viewsWanted && (
        <>
          <SecFilingDialog signal={view?.kind === 'sec' ? view.signal : null} onClose={closeView} />
          <MarketImpactDialog signal={view?.kind === 'market' ? view.signal : null} onClose={closeView} />
          <CompanyResearchDialog signal={view?.kind === 'company' ? view.signal : null} onClose={closeView} />
        </>
      )}
    </div>
  );
}
