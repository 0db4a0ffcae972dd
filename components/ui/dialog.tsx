'use client';

import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { slotted } from '@/components/ui/slot';
import { cn } from '@/lib/utils';

const Dialog = slotted(DialogPrimitive.Root, 'dialog');
const DialogTrigger = slotted(DialogPrimitive.Trigger, 'dialog-trigger');
const DialogPortal = slotted(DialogPrimitive.Portal, 'dialog-portal');
const DialogClose = slotted(DialogPrimitive.Close, 'dialog-close');
const DialogOverlay = slotted(
  DialogPrimitive.Overlay,
  'dialog-overlay',
  'fixed inset-0 z-50 bg-black/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
);

function DialogContent({
  className,
  children,
  showCloseButton = true,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { showCloseButton?: boolean }) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg outline-none data-[state=closed]:animate-zoom-out data-[state=open]:animate-zoom-in sm:max-w-lg',
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close
            data-slot="dialog-close"
            className="absolute top-4 right-4 rounded-xs opacity-70 transition-opacity outline-none hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:pointer-events-none [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4"
          >
            <XIcon aria-hidden="true" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

const DialogHeader = slotted('div', 'dialog-header', 'flex flex-col gap-2 text-center sm:text-left');
const DialogFooter = slotted('div', 'dialog-footer', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end');
const DialogTitle = slotted(DialogPrimitive.Title, 'dialog-title', 'text-lg leading-none font-semibold');
const DialogDescription = slotted(DialogPrimitive.Description, 'dialog-description', 'text-sm text-muted-foreground');

export {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogOverlay,
  DialogPortal,
  DialogTitle,
  DialogTrigger,
};
