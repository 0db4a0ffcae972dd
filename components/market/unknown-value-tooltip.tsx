'use client';

import { useEffect, useRef } from 'react';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';

/**
 * The tooltip of an unknown figure, loaded when the pointer or the focus first reaches one
 * (components/market/market-figure.tsx). It opens at once for the hover or focus that loaded it, and
 * takes the focus over from the stand-in it replaces.
 */
export function UnknownValueTooltip(props: { trigger: React.ReactElement; text: string; openWith: 'hover' | 'focus' }) {
  const wrapper = useRef<HTMLSpanElement>(null);
  const takeFocus = useRef(props.openWith === 'focus');
  useEffect(() => {
    if (!takeFocus.current) return;
    takeFocus.current = false;
    wrapper.current?.querySelector('button')?.focus();
  }, []);
  return (
    <span ref={wrapper} className="contents">
      <TooltipProvider>
        <Tooltip defaultOpen={props.openWith === 'hover'}>
          <TooltipTrigger asChild>{props.trigger}</TooltipTrigger>
          <TooltipContent>{props.text}</TooltipContent>
        </Tooltip>
      </TooltipProvider>
    </span>
  );
}
