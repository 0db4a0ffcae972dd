import { expect, test } from '@playwright/test';
import { signedInPage } from './support/session';

test.beforeEach(async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
});

test('a rendering failure shows the fallback screen and reports the error with its reference ID', async ({ page }) => {
  const reported = page.waitForResponse((response) => response.url().endsWith('/api/client-errors') && response.request().method() === 'POST');
  await page.goto('/e2e-error');

  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(
    page.getByText(
      'We encountered an unexpected error while loading this part of the application. This has been automatically reported to our development team.',
    ),
  ).toBeVisible();
  const referenceId = await page.locator('code').textContent();
  expect(referenceId).toMatch(/^ERR-[A-Z0-9]+$/);

  const response = await reported;
  expect(response.status()).toBe(201);
  expect(await response.json()).toEqual({ referenceId });
  expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({
    referenceId,
    message: 'Deliberate rendering failure for the error boundary test',
  });

  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Early Discovery Intelligence Dashboard' })).toBeVisible();
});
