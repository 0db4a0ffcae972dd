'use client';

import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { buttonVariants } from '@/components/ui/button';
import { slotted } from '@/components/ui/slot';
import { cn } from '@/lib/utils';

const AlertDialog = slotted(AlertDialogPrimitive.Root, 'alert-dialog');
const AlertDialogTrigger = slotted(AlertDialogPrimitive.Trigger, 'alert-dialog-trigger');
const AlertDialogPortal = slotted(AlertDialogPrimitive.Portal, 'alert-dialog-portal');
const AlertDialogOverlay = slotted(
  AlertDialogPrimitive.Overlay,
  'alert-dialog-overlay',
  'fixed inset-0 z-50 bg-black/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
);

function AlertDialogContent({ className, ...props }: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPortal>
      <AlertDialogOverlay />
      <AlertDialogPrimitive.Content
        data-slot="alert-dialog-content"
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg outline-none data-[state=closed]:animate-zoom-out data-[state=open]:animate-zoom-in sm:max-w-lg',
          className,
        )}
        {...props}
      />
    </AlertDialogPortal>
  );
}

const AlertDialogHeader = slotted('div', 'alert-dialog-header', 'flex flex-col gap-2 text-center sm:text-left');
const AlertDialogFooter = slotted('div', 'alert-dialog-footer', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end');
const AlertDialogTitle = slotted(AlertDialogPrimitive.Title, 'alert-dialog-title', 'text-lg font-semibold');
const AlertDialogDescription = slotted(AlertDialogPrimitive.Description, 'alert-dialog-description', 'text-sm text-muted-foreground');
const AlertDialogAction = slotted(AlertDialogPrimitive.Action, 'alert-dialog-action', buttonVariants());
const AlertDialogCancel = slotted(AlertDialogPrimitive.Cancel, 'alert-dialog-cancel', buttonVariants({ variant: 'outline' }));

export {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogOverlay,
  AlertDialogPortal,
  AlertDialogTitle,
  AlertDialogTrigger,
};
