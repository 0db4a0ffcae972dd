'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { defaultTheme, isTheme, resolveTheme, themeStorageKey, type Theme } from '@/lib/theme';

interface ThemeContextValue {
  theme: Theme;
  resolvedTheme: 'light' | 'dark';
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);
const darkQuery = '(prefers-color-scheme: dark)';

function applyTheme(resolved: 'light' | 'dark') {
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
}

/** Subscribers in this tab: a storage event reaches only the other tabs of the browser. */
const themeListeners = new Set<() => void>();

function subscribeToStoredTheme(onChange: () => void) {
  themeListeners.add(onChange);
  const onStorage = (event: StorageEvent) => {
    if (event.key === themeStorageKey) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    themeListeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

function readStoredTheme(): Theme {
  const stored = localStorage.getItem(themeStorageKey);
  return isTheme(stored) ? stored : defaultTheme;
}

function subscribeToColorScheme(onChange: () => void) {
  const media = window.matchMedia(darkQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

// The server renders the default theme and a dark preference; the stored choice and the system
// preference take over once hydrated. The system preference is read only for the "system" choice: a
// value the hydration did not render makes React render again synchronously right after it, which on
// a phone lengthens the load's longest task, so a preference nothing shows is not read.
export function ThemeProvider({ children }: { children: React.ReactNode }) {
  const theme = useSyncExternalStore(subscribeToStoredTheme, readStoredTheme, () => defaultTheme);
  const prefersDark = useSyncExternalStore(subscribeToColorScheme, () => (theme === 'system' ? window.matchMedia(darkQuery).matches : true), () => true);

  const resolvedTheme = resolveTheme(theme, prefersDark);
  useEffect(() => applyTheme(resolvedTheme), [resolvedTheme]);

  const setTheme = useCallback((next: Theme) => {
    localStorage.setItem(themeStorageKey, next);
    for (const listener of themeListeners) listener();
  }, []);

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used inside ThemeProvider');
  return context;
}
