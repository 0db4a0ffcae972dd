'use client';

import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import type { Channel } from '@/lib/realtime/channels';
import { isRealtimeAvailable, RealtimeClient, websocketUrl, type ConnectionState, type RealtimeMessage } from '@/lib/realtime/client';

export function useRealtime(channels: readonly Channel[], onMessage?: (message: RealtimeMessage) => void) {
  const [state, setState] = useState<ConnectionState>('disconnected');
  const [lastMessageAt, setLastMessageAt] = useState<Date | null>(null);
  // The latest handler, read when a message arrives, so a new handler does not reconnect.
  const onMessageRef = useRef(onMessage);
  useEffect(() => {
    onMessageRef.current = onMessage;
  }, [onMessage]);
  const channelKey = channels.join(',');

  useEffect(() => {
    const client = new RealtimeClient({
      url: websocketUrl(window.location),
      channels: channelKey.split(',').filter(Boolean) as Channel[],
      isRealtimeAvailable,
      onState: setState,
      onMessage: (message) => {
        setLastMessageAt(new Date());
        onMessageRef.current?.(message);
      },
      onGiveUp: () =>
        toast({
          title: 'Connection Lost',
          description: 'Unable to maintain real-time connection. Please refresh the page.',
          variant: 'destructive',
        }),
    });
    client.start();
    return () => client.stop();
  }, [channelKey]);

  return { state, lastMessageAt };
}
