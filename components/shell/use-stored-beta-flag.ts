'use client';

import { useSyncExternalStore } from 'react';
import { betaAccessEvent, betaAccessKey } from '@/lib/beta-storage';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(betaAccessEvent, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(betaAccessEvent, onChange);
  };
}

function read() {
  try {
    return localStorage.getItem(betaAccessKey) === 'granted';
  } catch {
    return false;
  }
}

/**
 * Whether the spec's local beta flag (`betaAccess`) equals granted. `onServer` is what the server
 * renders and the hydration starts from: inside the app shell the gate's cookie was accepted and the
 * shell keeps the local flag in step with it, so the two agree and the page does not re-render on load.
 */
export function useStoredBetaFlag(onServer = false): boolean {
  return useSyncExternalStore(subscribe, read, () => onServer);
}
