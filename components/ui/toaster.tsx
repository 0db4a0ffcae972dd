'use client';

import { CircleAlert, CircleCheck, XIcon } from 'lucide-react';
import { createPortal } from 'react-dom';
import { dismissToast, useToasts, type ToastItem } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';

const variantClasses: Record<ToastItem['variant'], string> = {
  default: 'border-border bg-popover text-popover-foreground',
  success: 'border-success/50 bg-popover text-popover-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
};

/**
 * Toasts render in a container appended to <body> when the first one appears. A modal dialog hides
 * the page's other top-level nodes from assistive technology when it opens (aria-hidden); a container
 * created after that stays readable, so a toast raised from inside a dialog is announced. The server
 * and the hydration see no toasts (useToasts), so the portal is only ever created in the browser.
 */
export function Toaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return createPortal(
    <div
      data-slot="toaster"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col gap-2 p-4 sm:right-0 sm:left-auto sm:w-full sm:max-w-sm"
    >
      {toasts.map((item) => (
        <Toast key={item.id} item={item} />
      ))}
    </div>,
    document.body,
  );
}

function Toast({ item }: { item: ToastItem }) {
  const urgent = item.variant === 'destructive';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-slot="toast"
      data-variant={item.variant}
      className={cn(
        'group/toast pointer-events-auto flex w-full animate-toast-in items-start gap-3 rounded-lg border p-4 shadow-lg',
        variantClasses[item.variant],
      )}
    >
      {item.variant === 'success' && <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />}
      {urgent && <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
      <div className="grid flex-1 gap-1">
        <p data-slot="toast-title" className="text-sm font-semibold">
          {item.title}
        </p>
        {item.description && (
          <p data-slot="toast-description" className="text-sm opacity-90">
            {item.description}
          </p>
        )}
      </div>
      <button
        type="button"
        aria-label="Close notification"
        onClick={() => dismissToast(item.id)}
        className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md opacity-70 transition-opacity outline-none hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/60 group-data-[variant=destructive]/toast:focus-visible:ring-destructive-foreground/70"
      >
        <XIcon className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
