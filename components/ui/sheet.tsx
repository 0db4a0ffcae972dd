'use client';

import { XIcon } from 'lucide-react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import type * as React from 'react';
import { slotted } from '@/components/ui/slot';
import { cn } from '@/lib/utils';

const Sheet = slotted(SheetPrimitive.Root, 'sheet');
const SheetTrigger = slotted(SheetPrimitive.Trigger, 'sheet-trigger');
const SheetClose = slotted(SheetPrimitive.Close, 'sheet-close');
const SheetOverlay = slotted(
  SheetPrimitive.Overlay,
  'sheet-overlay',
  'fixed inset-0 z-50 bg-black/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
);

const sideClasses = {
  right:
    'inset-y-0 right-0 h-full w-3/4 border-l data-[state=closed]:animate-sheet-out-right data-[state=open]:animate-sheet-in-right sm:max-w-sm',
  left: 'inset-y-0 left-0 h-full w-3/4 border-r data-[state=closed]:animate-sheet-out-left data-[state=open]:animate-sheet-in-left sm:max-w-sm',
  top: 'inset-x-0 top-0 h-auto border-b data-[state=closed]:animate-sheet-out-top data-[state=open]:animate-sheet-in-top',
  bottom: 'inset-x-0 bottom-0 h-auto border-t data-[state=closed]:animate-sheet-out-bottom data-[state=open]:animate-sheet-in-bottom',
} as const;

function SheetContent({
  className,
  children,
  side = 'right',
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Content> & { side?: keyof typeof sideClasses }) {
  return (
    <SheetPrimitive.Portal>
      <SheetOverlay />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        data-side={side}
        className={cn(
          'fixed z-50 flex flex-col gap-4 overflow-y-auto bg-background shadow-lg outline-none',
          sideClasses[side],
          className,
        )}
        {...props}
      >
        {children}
        <SheetPrimitive.Close className="absolute top-4 right-4 rounded-xs opacity-70 transition-opacity outline-none hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:pointer-events-none">
          <XIcon className="size-4" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

const SheetHeader = slotted('div', 'sheet-header', 'flex flex-col gap-1.5 p-4 pr-12');
const SheetFooter = slotted('div', 'sheet-footer', 'mt-auto flex flex-col gap-2 p-4');
const SheetTitle = slotted(SheetPrimitive.Title, 'sheet-title', 'font-semibold text-foreground');
const SheetDescription = slotted(SheetPrimitive.Description, 'sheet-description', 'text-sm text-muted-foreground');

export { Sheet, SheetClose, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle, SheetTrigger };
