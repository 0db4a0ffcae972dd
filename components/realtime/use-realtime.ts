'use client';

import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import type { Channel } from '@/lib/realtime/channels';
import { RealtimeClient, websocketUrl, type ConnectionState, type RealtimeMessage } from '@/lib/realtime/client';

async function isRealtimeAvailable(): Promise<boolean> {
  const response = await fetch('/api/health', { credentials: 'include', cache: 'no-store' });
  const body = (await response.json()) as { websocket?: { available?: boolean } };
  return body.websocket?.available !== false;
}

export function useRealtime(channels: readonly Channel[], onMessage?: (message: RealtimeMessage) => void) {
  const [state, setState] = useState<ConnectionState>('disconnected');
  const [lastMessageAt, setLastMessageAt] = useState<Date | null>(null);
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;
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
