'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { Radar } from 'lucide-react';
import { EmptyState } from '@/components/shared/empty-state';
import { LoadError } from '@/components/shared/load-error';
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

  // The cards render as a transition, in slices the browser can interleave with input, not in one
  // long task when a page of signals arrives; cards off screen skip layout until scrolled near.
  const data = useDeferredValue(signals.data);

  if (signals.isPending || (!data && !signals.isError)) {
    return (
      <p className="py-10 text-center text-muted-foreground" aria-busy="true">
        Loading signals...
      </p>
    );
  }
  if (signals.isError) {
    return (
      <LoadError what="signals" error={signals.error} onRetry={() => signals.refetch()} className="py-6" />
    );
  }
  const list = data?.pages.flatMap((page) => page.signals) ?? [];
  if (!list.length) {
    const filtered = filters.q.trim() !== '' || filters.severity !== 'all';
    return (
      <EmptyState
        icon={Radar}
        title={filtered ? 'No signals match your search' : 'No signals detected yet'}
        hint={filtered ? 'Try other words or another severity.' : 'Signals appear here as filings and market data are analysed.'}
        className="p-10"
      />
    );
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-3" aria-label="Signals">
        {list.map((signal) => (
          <li key={signal.id} className="[contain-intrinsic-size:auto_9rem] [content-visibility:auto]">
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
