import { expect, test, type Request } from '@playwright/test';
import { signedInPage } from './support/session';

// A route change answers the click at once: while the next screen renders on the server (held
// here), its route-level fallback (loading.tsx) or the clicked link's spinner shows.

test('a navigation shows its pending state until the screen arrives', { tag: '@deployment' }, async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
  // The click waits for the link's prefetch of the screen's loading fallback to end (the router
  // aborts it once read): clicked while it is in flight, the router commits the screen's outline
  // with neither the fallback nor the link's spinner. At most 5 s, for a deployment that prefetches
  // otherwise.
  const prefetched = new Promise<void>((resolve) => {
    const ended = (request: Request) => {
      const headers = request.headers();
      if (new URL(request.url()).pathname === '/signals' && headers['next-router-prefetch'] && !headers['next-router-segment-prefetch']) resolve();
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
  });
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  await Promise.race([prefetched, page.waitForTimeout(5_000)]);

  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // Only the navigation's own request is held; prefetches (of the loading fallback) pass.
  await page.route(
    (url) => url.pathname === '/signals',
    async (route) => {
      const headers = route.request().headers();
      if (headers.rsc && !headers['next-router-prefetch']) await held;
      await route.continue();
    },
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Signals' }).click();
  await expect(page.getByTestId('route-loading').or(page.getByRole('navigation', { name: 'Main' }).getByRole('status', { name: 'Loading' }))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Treasury Signal Detection' })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Treasury Signal Detection' })).toBeVisible();
  await expect(page.getByTestId('route-loading')).toHaveCount(0);
});
