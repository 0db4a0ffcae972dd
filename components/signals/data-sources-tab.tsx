'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { dataSourceKeys, fetchDataSources } from '@/lib/data-sources/client';
import { type SourceState, sourceStateLabels, sourceStateVariants } from '@/lib/data-sources/labels';

// What feeds detection (spec 001 §2 Signals, Data Sources tab), each item with the real state of the
// catalogue source that would feed it (issue 12): an item no ingester reads is "Planned", never "Active".
const groups: { title: string; items: { name: string; source: string | null }[] }[] = [
  {
    title: 'Regulatory Filings',
    items: [
      { name: 'SEC Edgar API', source: 'sec-filings' },
      { name: 'Form 4 Insider Trading', source: 'sec-filings' },
      { name: 'Form 8-K Current Reports', source: 'sec-filings' },
      { name: '10-Q/10-K Quarterly Reports', source: null },
    ],
  },
  {
    title: 'Social Media & News',
    items: [
      { name: 'X/Twitter API', source: null },
      { name: 'RSS News Feeds', source: null },
      { name: 'Financial News API', source: null },
      { name: 'Yahoo Finance', source: null },
    ],
  },
  {
    title: 'Market & On-Chain Data',
    items: [
      { name: 'CoinGecko Market Board', source: 'market-prices' },
      { name: 'Blockchain Explorer', source: null },
      { name: 'Wallet Verification', source: null },
      { name: 'Trading Volume Analysis', source: 'market-prices' },
    ],
  },
  {
    title: 'Advanced Monitoring',
    items: [
      { name: 'Pre-Pump Indicators', source: null },
      { name: 'Options Activity', source: null },
      { name: 'Board Meeting Calendar', source: 'board-appointments' },
      { name: 'Insider Timing Analysis', source: 'sec-filings' },
    ],
  },
];

export function DataSourcesTab() {
  const sources = useQuery({ queryKey: dataSourceKeys.all, queryFn: fetchDataSources });
  const stateOf = (key: string | null): SourceState | null => {
    if (key === null) return 'planned';
    return sources.data?.sources.find((source) => source.key === key)?.state ?? null;
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">
        Each feed&apos;s state comes from its ingester&apos;s record: Live within its cadence, Stale when older, Not connected when no run has
        succeeded, Planned when nothing reads it yet. Details on{' '}
        <Link href="/data-sources" className="underline underline-offset-2">
          Data Sources
        </Link>
        .
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {groups.map((group) => (
          <Card key={group.title}>
            <CardHeader>
              <CardTitle>{group.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-2">
                {group.items.map((item) => {
                  const state = stateOf(item.source);
                  return (
                    <li key={item.name} className="flex items-center justify-between gap-2 text-sm" data-testid="feed-item">
                      <span>{item.name}</span>
                      <Badge variant={state ? sourceStateVariants[state] : 'outline'}>{state ? sourceStateLabels[state] : 'Checking…'}</Badge>
                    </li>
                  );
                })}
              </ul>
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
