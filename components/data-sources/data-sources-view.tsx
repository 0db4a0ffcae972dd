import { Activity, Database, Gauge, Radio } from 'lucide-react';
import { StatTile, StatValue } from '@/components/shared/stat-tile';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { DataSourcesResponse } from '@/lib/data-sources/schema';
import { SourceCard } from './source-card';

const tabs = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'integration', label: 'Integration' },
  { value: 'planned', label: 'Planned' },
] as const;

/** Summary cards, the tabbed source list and the category summary (spec 001 §2 Data Sources). */
export function DataSourcesView({ data, now }: { data: DataSourcesResponse; now: Date }) {
  const { summary } = data;
  const cards = [
    { key: 'active', label: 'Active Sources', value: String(summary.activeSources), hint: `of ${summary.totalSources} sources`, icon: <Database /> },
    { key: 'signals', label: 'Total Signals', value: summary.signalsThisMonth.toLocaleString('en-US'), hint: 'detected this month', icon: <Activity /> },
    { key: 'coverage', label: 'Coverage average', value: `${summary.coverageAverage}%`, hint: 'across all sources', icon: <Gauge /> },
    { key: 'realtime', label: 'Real-time Sources', value: String(summary.realtimeSources), hint: 'real-time and live now', icon: <Radio /> },
  ];
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <StatTile key={card.key} testId={`summary-${card.key}`} label={card.label} icon={card.icon} hint={card.hint}>
            <StatValue>{card.value}</StatValue>
          </StatTile>
        ))}
      </div>

      <Tabs defaultValue="all" className="gap-4">
        <TabsList aria-label="Source status" className="w-full sm:w-fit">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => {
          const sources = tab.value === 'all' ? data.sources : data.sources.filter((source) => source.status === tab.value);
          return (
            <TabsContent key={tab.value} value={tab.value}>
              {sources.length === 0 ? (
                <p className="text-sm text-muted-foreground">No sources in this state.</p>
              ) : (
                <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                  {sources.map((source) => (
                    <SourceCard key={source.key} source={source} now={now} />
                  ))}
                </div>
              )}
            </TabsContent>
          );
        })}
      </Tabs>

      <Card>
        <CardHeader>
          <CardTitle>Source Categories</CardTitle>
          <CardDescription>Active sources out of all sources, per category.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Source categories">
            {data.categories.map((category) => (
              <li key={category.id} className="rounded-lg border p-3" data-testid={`category-${category.id}`}>
                <p className="text-sm font-medium">{category.name}</p>
                <p className="text-xs text-muted-foreground tabular-nums">
                  {category.active}/{category.total} active
                </p>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card id="methodology">
        <CardHeader>
          <CardTitle>How these figures are counted</CardTitle>
          <CardDescription>
            Signal counts are the signals stored from each source. Last update is the source&apos;s last successful ingest; the badge is its
            real state from that record: Live within its ingester&apos;s cadence, Stale when older, Not connected when no run has succeeded,
            Planned when no ingester exists. Active Sources counts the Live and Stale ones. Coverage and frequency are the catalogue&apos;s
            figures.
          </CardDescription>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">
          {summary.totalSignals.toLocaleString('en-US')} signals are stored in total; {summary.signalsThisMonth.toLocaleString('en-US')} were detected since{' '}
          {new Date(summary.monthStart).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' })}.
        </CardContent>
      </Card>
    </div>
  );
}
