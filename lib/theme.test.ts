import { isTheme, resolveTheme, themeBootScript, themeStorageKey } from './theme';

it('resolves System from the OS scheme and keeps explicit choices', () => {
  expect(resolveTheme('system', true)).toBe('dark');
  expect(resolveTheme('system', false)).toBe('light');
  expect(resolveTheme('light', true)).toBe('light');
  expect(resolveTheme('dark', false)).toBe('dark');
});

it('accepts only the three stored values', () => {
  expect(['light', 'dark', 'system'].every(isTheme)).toBe(true);
  expect(isTheme('sepia')).toBe(false);
  expect(isTheme(null)).toBe(false);
});

it('boots from the product-specific key and defaults to dark', () => {
  expect(themeStorageKey).toBe('treasury-intel-theme');
  expect(themeBootScript).toContain('"treasury-intel-theme"');
  expect(themeBootScript).toContain('t="dark"');
});
