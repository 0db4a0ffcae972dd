import { expect, test } from '@playwright/test';
import { signedInPage } from './support/session';

test.beforeEach(async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
});

const storageKey = 'treasury-intel-theme';

test('the theme is dark by default', { tag: '@deployment' }, async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/about');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test('Light Mode is chosen from the theme menu, persisted, and applied before first paint on reload', { tag: '@deployment' }, async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Light Mode' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKey)).toBe('light');

  // Record the <html> class as the document is first parsed, before React hydrates.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { firstClass: string }).firstClass = document.documentElement.className;
    });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { firstClass: string }).firstClass)).not.toMatch(/\bdark\b/);
});

test('Auto (System) follows the operating system colour scheme', { tag: '@deployment' }, async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/about');
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Auto (System)' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKey)).toBe('system');
});
