'use client';

import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { hasEntitledSession } from '@/lib/auth/client';
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
      hasSession: hasEntitledSession,
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
    // In a task of its own: the effects that run right after the hydration are one task on the main
    // thread, and opening the socket re-renders every screen part that shows the connection.
    const starting = setTimeout(() => client.start(), 0);
    // Back on the page (perhaps signed in again elsewhere): a socket whose access ended may reconnect.
    const resume = () => {
      if (document.visibilityState === 'visible') void client.resume();
    };
    window.addEventListener('focus', resume);
    document.addEventListener('visibilitychange', resume);
    return () => {
      clearTimeout(starting);
      window.removeEventListener('focus', resume);
      document.removeEventListener('visibilitychange', resume);
      client.stop();
    };
  }, [channelKey]);

  return { state, lastMessageAt };
}
