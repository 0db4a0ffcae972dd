import { expect, test } from '@playwright/test';
import { signedInPage } from './support/session';

test.beforeEach(async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
});

// The Vercel path: plain `next start`, no server.ts, so no /ws and no in-process scheduler.

test('health answers without a WebSocket server', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'healthy', database: { status: 'up' }, websocket: { available: false } });
});

test('the dashboard renders the seeded data and says it falls back to polling', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Strategy (MicroStrategy)');
  const card = page.getByTestId('connection-status');
  await expect(card).toHaveAttribute('data-state', 'polling');
  await expect(card.getByText('Live updates are paused; data refreshes on a timer instead.')).toBeVisible();
});

test('the cron endpoint stays shut without its secret', async ({ request }) => {
  expect((await request.get('/api/cron')).status()).toBe(404);
});
