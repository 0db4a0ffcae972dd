'use client';

import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo } from 'react';
import { toast } from '@/components/ui/use-toast';
import { matchesPrefixes, reactionTo } from '@/lib/dashboard/realtime-reactions';
import type { ConnectionState, RealtimeMessage } from '@/lib/realtime/client';
import { useRealtime } from './use-realtime';

const dashboardChannels = ['signals', 'market_data', 'companies'] as const;

interface RealtimeStatus {
  state: ConnectionState;
  lastMessageAt: Date | null;
  channels: readonly string[];
}

const RealtimeContext = createContext<RealtimeStatus>({ state: 'disconnected', lastMessageAt: null, channels: [] });

/**
 * One /ws connection for the screens inside it: urgent messages raise toasts (spec 001 §8) and
 * every message refetches the queries it affects.
 */
export function RealtimeProvider({ children }: { children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const onMessage = useCallback(
    (message: RealtimeMessage) => {
      const reaction = reactionTo(message);
      if (reaction.invalidate.length > 0) {
        void queryClient.invalidateQueries({ predicate: (query) => matchesPrefixes(query.queryKey, reaction.invalidate) });
      }
      if (reaction.toast) toast(reaction.toast);
    },
    [queryClient],
  );
  const { state, lastMessageAt } = useRealtime(dashboardChannels, onMessage);
  const status = useMemo(() => ({ state, lastMessageAt, channels: dashboardChannels }), [state, lastMessageAt]);
  return <RealtimeContext value={status}>{children}</RealtimeContext>;
}

export function useRealtimeStatus(): RealtimeStatus {
  return useContext(RealtimeContext);
}
