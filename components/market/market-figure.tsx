'use client';

import { useState } from 'react';
import { lazyPart } from '@/components/ui/load-on-intent';

const unknownValueTooltip = lazyPart(() => import('./unknown-value-tooltip').then((module) => module.UnknownValueTooltip));
type TooltipPart = Awaited<ReturnType<typeof unknownValueTooltip.load>>;

/**
 * An unknown figure: "—", never 0 or a default, with the reason on hover and on keyboard focus; the
 * reason is also the button's accessible description for screen readers. The tooltip's code loads
 * when the pointer or the focus first reaches the figure. A figure holds the tooltip in its own state
 * once asked for, rather than following the shared part: the holdings table has a hundred of them, and
 * a subscription each was a hundred effects to run while the dashboard loads.
 */
export function UnknownValue({ reason, label }: { reason: string; label: string }) {
  const [UnknownValueTooltip, setTooltip] = useState<TooltipPart | undefined>(undefined);
  const [openWith, setOpenWith] = useState<'hover' | 'focus' | null>(null);
  const wanted = (how: 'hover' | 'focus') => () => {
    setOpenWith((current) => current ?? how);
    if (UnknownValueTooltip) return;
    // Loaded already for another figure: swapped in with this intent's render.
    const ready = unknownValueTooltip.current();
    if (ready) return setTooltip(() => ready);
    unknownValueTooltip.load().then(
      (loaded) => setTooltip(() => loaded),
      () => {
        // Not loaded: the stand-in stays, and the next intent tries again.
      },
    );
  };
  const trigger = (props?: React.ComponentProps<'button'>) => (
    <button
      type="button"
      className="cursor-help rounded-sm underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-ring"
      aria-label={`${label} unknown: ${reason}`}
      data-testid="unknown-value"
      data-reason={reason}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      {...props}
    >
      —
    </button>
  );
  if (UnknownValueTooltip && openWith) return <UnknownValueTooltip trigger={trigger()} text={`Unknown: ${reason}`} openWith={openWith} />;
  const notWanted = () => setOpenWith(null);
  return trigger({ onPointerEnter: wanted('hover'), onTouchStart: wanted('hover'), onFocus: wanted('focus'), onPointerLeave: notWanted, onBlur: notWanted });
}
