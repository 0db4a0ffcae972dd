'use client';

import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyPart, useLazyPart } from '@/components/ui/load-on-intent';

const chatWidget = lazyPart(() => import('./chat-widget').then((module) => module.ChatWidget));

/**
 * The chat assistant's button. The assistant itself (its conversation, routing and analysis views)
 * loads when the button is first pressed and takes its place, open.
 */
export function ChatLauncher() {
  const { loaded: ChatWidget, prefetch } = useLazyPart(chatWidget);
  const [requested, setRequested] = useState(false);
  if (ChatWidget && requested) return <ChatWidget defaultOpen />;
  return (
    <div className="fixed right-4 bottom-4 z-50 flex flex-col items-end gap-3 print:hidden">
      <Button
        size="icon"
        className="size-12 rounded-full shadow-lg"
        aria-label="Open chat assistant"
        aria-expanded={false}
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
        onClick={() => {
          prefetch();
          setRequested(true);
        }}
      >
        <MessageCircle className="size-5" />
      </Button>
    </div>
  );
}
