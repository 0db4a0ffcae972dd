import type { ClassValue } from 'clsx';
import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * A plain part of the kit: `Component` with its own props, marked with `data-slot` (the hook the kit's
 * selectors such as `has-data-[slot=card-action]` use) and, when `base` is given, those classes merged
 * under the caller's `className`. Parts with logic of their own (variants, icons, portals) stay functions.
 */
export function slotted<T extends React.ElementType>(Component: T, slot: string, base?: ClassValue) {
  // A generic element type has no props TypeScript can check in JSX; `Slotted`'s signature carries them.
  const Element: React.ElementType = Component;
  function Slotted(props: React.ComponentProps<T>) {
    if (base === undefined) return <Element data-slot={slot} {...props} />;
    const { className, ...rest } = props as { className?: string };
    return <Element data-slot={slot} className={cn(base, className)} {...rest} />;
  }
  Slotted.displayName = slot.replace(/(?:^|-)(\w)/g, (_match, letter: string) => letter.toUpperCase());
  return Slotted;
}
