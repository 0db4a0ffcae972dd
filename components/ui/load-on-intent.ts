'use client';

import { useCallback, useState, useSyncExternalStore, type KeyboardEvent } from 'react';

/**
 * Code the first paint does not need — menus, the mobile navigation sheet, tooltips, the chat panel —
 * loads on the first sign that the reader is about to use it (pointer over, touch, focus), not with
 * the page (issue 15: a phone's first load is the framework, the page and its data). Until it has
 * loaded, a stand-in with the same markup holds its place, so nothing shifts; a click on the stand-in
 * is kept as "open" and honoured once the code is there.
 */
export interface LazyPart<T> {
  /** Starts loading (once) and resolves with the part. */
  load: () => Promise<T>;
  /** The part, once loaded; undefined before. */
  current: () => T | undefined;
  subscribe: (listener: () => void) => () => void;
}

export function lazyPart<T>(importPart: () => Promise<T>): LazyPart<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      pending ??= importPart().then(
        (loaded) => {
          value = loaded;
          for (const listener of listeners) listener();
          return loaded;
        },
        (error: unknown) => {
          // A failed chunk (network blip) may be retried by the next intent.
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    current: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The part once loaded (undefined on the server and while hydrating, so the stand-in's markup is what
 * hydrates), and `prefetch` to hang on the stand-in's pointer, touch and focus events.
 */
export function useLazyPart<T>(part: LazyPart<T>): { loaded: T | undefined; prefetch: () => void } {
  const loaded = useSyncExternalStore(part.subscribe, part.current, () => undefined);
  const prefetch = useCallback(() => {
    part.load().catch(() => {
      // Not loaded: the stand-in stays, and the next intent tries again.
    });
  }, [part]);
  return { loaded, prefetch };
}

/**
 * A trigger whose popup (a menu, a sheet) is a lazy part. Until the first click the trigger is a
 * stand-in button (spread `standInProps` on it): pointer, touch or focus start the download, a click
 * (or ArrowDown, as on a menu trigger) asks for the popup open. From then on `Popup` is the loaded part,
 * controlled by `open`/`setOpen`, and renders the real trigger itself.
 */
export function useLazyTrigger<T>(part: LazyPart<T>, popup: 'menu' | 'dialog') {
  const { loaded, prefetch } = useLazyPart(part);
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const openPopup = useCallback(() => {
    prefetch();
    setRequested(true);
    setOpen(true);
  }, [prefetch]);
  const standInProps = {
    'aria-haspopup': popup,
    'aria-expanded': false,
    onPointerEnter: prefetch,
    onTouchStart: prefetch,
    onFocus: prefetch,
    onClick: openPopup,
    onKeyDown: (event: KeyboardEvent) => {
      if (popup === 'menu' && event.key === 'ArrowDown') {
        event.preventDefault();
        openPopup();
      }
    },
  } as const;
  // Swapped in on the first click only: a stand-in that merely had the pointer over it or the focus
  // stays, so the focused element is never replaced under the reader.
  return { Popup: requested ? loaded : undefined, open, setOpen, standInProps };
}
