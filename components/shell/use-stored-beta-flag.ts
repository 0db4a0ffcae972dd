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

/** Whether the spec's local beta flag (`betaAccess`) equals granted. */
export function useStoredBetaFlag(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
