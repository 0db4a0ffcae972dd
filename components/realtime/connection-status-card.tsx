'use client';

import { Radio } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { enUsTime } from '@/lib/en-us';
import type { ConnectionState } from '@/lib/realtime/client';
import { useRealtimeStatus } from './realtime-provider';

const presentation: Record<ConnectionState, { label: string; detail: string; variant: 'success' | 'warning' | 'destructive' | 'secondary' | 'info' }> = {
  connected: { label: 'Connected', detail: 'Receiving live signals, market data and company updates.', variant: 'success' },
  connecting: { label: 'Connecting', detail: 'Connecting to the real-time feed...', variant: 'warning' },
  disconnected: { label: 'Disconnected', detail: 'Not connected to the real-time feed.', variant: 'secondary' },
  error: { label: 'Error', detail: 'Unable to maintain real-time connection. Please refresh the page.', variant: 'destructive' },
  polling: {
    label: 'Polling',
    detail: 'Live updates are paused; data refreshes on a timer instead.',
    variant: 'info',
  },
};

/** The state of the surrounding RealtimeProvider's connection. */
export function ConnectionStatusCard() {
  const { state, lastMessageAt, channels } = useRealtimeStatus();
  const view = presentation[state];
  return (
    <Card data-testid="connection-status" data-state={state}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle className="flex items-center gap-2 text-base">
          <Radio className="size-4" aria-hidden="true" /> Real-Time Connection
        </CardTitle>
        <Badge variant={view.variant}>{view.label}</Badge>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground" aria-live="polite">
        <p>{view.detail}</p>
        {state === 'connected' && (
          <p className="mt-1 text-xs">Channels: {channels.join(', ')}{lastMessageAt ? ` · last message ${enUsTime(lastMessageAt)}` : ''}</p>
        )}
      </CardContent>
    </Card>
  );
}
