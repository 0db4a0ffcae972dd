export const themeStorageKey = 'treasury-intel-theme';
const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];
export const defaultTheme: Theme = 'dark';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (themes as readonly string[]).includes(value);
}

/** The class the <html> element gets for a stored preference and the OS scheme. */
export function resolveTheme(theme: Theme, prefersDark: boolean): 'light' | 'dark' {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

// Runs before first paint (inlined in <head>) so the page never flashes the wrong theme.
export const themeBootScript = `(function(){try{var k=${JSON.stringify(themeStorageKey)};var t=localStorage.getItem(k);if(t!=='light'&&t!=='dark'&&t!=='system')t=${JSON.stringify(defaultTheme)};var d=t==='dark'||(t==='system'&&window.matchMedia('(prefers-color-scheme: dark)').matches);var r=document.documentElement;r.classList.toggle('dark',d);r.style.colorScheme=d?'dark':'light';}catch(e){document.documentElement.classList.add('dark');}})();`;
