import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

export interface ToastItem {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
}

export const defaultToastDuration = 5000;

const noToasts: readonly ToastItem[] = [];
const listeners = new Set<() => void>();
let toasts: readonly ToastItem[] = noToasts;
let dismissTimer: ReturnType<typeof setTimeout> | undefined;
let nextId = 0;

function show(item: ToastItem | null) {
  clearTimeout(dismissTimer);
  dismissTimer = undefined;
  toasts = item ? [item] : noToasts;
  if (item && Number.isFinite(item.duration) && item.duration > 0) {
    dismissTimer = setTimeout(() => dismissToast(item.id), item.duration);
  }
  for (const listener of listeners) listener();
}

/** Shows a toast, replacing the visible one: the product shows one at a time. */
export function toast({ title, description, variant = 'default', duration = defaultToastDuration }: ToastOptions) {
  nextId += 1;
  const id = `toast-${nextId}`;
  show({ id, title, description, variant, duration });
  return { id, dismiss: () => dismissToast(id) };
}

/** Dismisses the toast with this id if it is still visible, or whichever is visible when no id is given. */
export function dismissToast(id?: string) {
  const current = toasts[0];
  if (!current || (id !== undefined && current.id !== id)) return;
  show(null);
}

export function getToasts(): readonly ToastItem[] {
  return toasts;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, getToasts, () => noToasts);
}
