import type { Page } from '@playwright/test';

/**
 * Holds the page's requests to `url` until the returned function is called, so that a pending state is
 * observable; then each goes on to the server (or fails as a dropped connection, with `abort`).
 */
export async function holdRequests(page: Page, url: string, then: 'continue' | 'abort' = 'continue'): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await (then === 'abort' ? route.abort() : route.continue());
  });
  return release;
}
