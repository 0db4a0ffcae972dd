'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { Radar } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { fetchSignalPage, signalKeys, signalsPollMs, type SignalFilters } from '@/lib/signals/client';
import type { SignalDto } from '@/lib/signals/schema';
import { SignalCard } from './signal-card';

/** Live Signals: newest first, polled every 10 s, more pages through the server's cursor. */
export function SignalList({ filters, onInvestigate }: { filters: SignalFilters; onInvestigate: (signal: SignalDto) => void }) {
  const signals = useInfiniteQuery({
    queryKey: signalKeys.list(filters),
    queryFn: ({ pageParam }) => fetchSignalPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: signalsPollMs,
  });

  if (signals.isPending) {
    return (
      <p className="py-10 text-center text-muted-foreground" aria-busy="true">
        Loading signals...
      </p>
    );
  }
  if (signals.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 py-6 text-sm text-destructive">
        <span>Unable to load signals. {signals.error.message}</span>
        <Button variant="outline" size="sm" onClick={() => signals.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const list = signals.data.pages.flatMap((page) => page.signals);
  if (!list.length) {
    const filtered = filters.q.trim() !== '' || filters.severity !== 'all';
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center">
        <Radar className="size-6 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{filtered ? 'No signals match your search' : 'No signals detected yet'}</p>
        <p className="text-sm text-muted-foreground">
          {filtered ? 'Try other words or another severity.' : 'Signals appear here as filings and market data are analysed.'}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-3" aria-label="Signals">
        {list.map((signal) => (
          <li key={signal.id}>
            <SignalCard signal={signal} onInvestigate={() => onInvestigate(signal)} />
          </li>
        ))}
      </ul>
      {signals.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => signals.fetchNextPage()} disabled={signals.isFetchingNextPage}>
            {signals.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}
