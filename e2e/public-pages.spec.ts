import { expect, test } from '@playwright/test';
import { passBetaGate, signedInPage } from './support/session';

// About, Terms of Service and Privacy Policy (spec 000 §2, §9), as a visitor past the beta gate.

test.describe('a visitor past the beta gate', { tag: '@deployment' }, () => {
  test.beforeEach(async ({ page, baseURL }) => passBetaGate(page.context(), baseURL!));

  test('About shows the mission, What We Do, the expertise figures and the call to action', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About', exact: true })).toBeVisible();
    await expect(page.getByText('Our Mission')).toBeVisible();
    await expect(page.getByText('Our Vision')).toBeVisible();

    const whatWeDo = page.getByRole('region', { name: 'What We Do' });
    await expect(whatWeDo.getByRole('heading', { level: 2, name: 'What We Do' })).toBeVisible();
    await expect(whatWeDo.getByRole('heading', { level: 3 })).toHaveText(['Early Discovery', 'Risk Assessment', 'Real-time Intelligence']);

    await expect(page.getByRole('heading', { level: 2, name: /^Why Choose / })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Platform Highlights' })).toBeVisible();
    await expect(page.getByText('30-second SEC filing updates')).toBeVisible();

    const stats = page.getByTestId('about-stat');
    await expect(stats).toHaveCount(3);
    await expect(stats.nth(0)).toHaveText(/^\s*Years of Analysis\s*5\+\s*$/);
    // Counted from the database, not typed (issue 12): the seeded companies and the sources an ingester fills.
    await expect(stats.nth(1)).toHaveText(/^\s*Companies Tracked\s*\d{1,3}(,\d{3})*\s*$/);
    await expect(stats.nth(1)).not.toContainText('+');
    await expect(stats.nth(2)).toHaveText(/^\s*Data Sources\s*\d+\s*$/);

    // Spec 001 §1: the full variant of the not-financial-advice disclaimer.
    await expect(page.getByTestId('disclaimer-full').getByRole('heading', { name: 'Not Financial Advice' })).toBeVisible();

    await expect(page.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/contact');
    await page.getByRole('link', { name: 'Start Free Trial' }).click();
    await expect(page).toHaveURL('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  });

  test('Contact Sales on About opens Contact Us', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('link', { name: 'Contact Sales' }).click();
    await expect(page).toHaveURL('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  });

  test('Terms of Service: date, 30 days notice of material changes, and a back link', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByText('Last updated: August 10, 2025')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Changes to These Terms' })).toBeVisible();
    await expect(page.getByText(/at least 30 days notice of material changes/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Not Investment Advice' })).toBeVisible();

    const back = page.getByRole('link', { name: 'Back to Home' });
    await expect(back).toHaveAttribute('href', '/');
    await back.click();
    // Signed out, / is not open: the access table sends the visitor to sign in.
    await expect(page).toHaveURL('/login');
  });

  test('Privacy Policy: date, deletion within 30 days, 5 business days, minimum age 18, and a back link', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('Last updated: August 10, 2025')).toBeVisible();
    await expect(page.getByText(/personal data is deleted within 30 days of cancellation/)).toBeVisible();
    await expect(page.getByText(/We respond to requests within 5 business days/)).toBeVisible();
    await expect(page.getByText(/You must be at least 18 years old to use it/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  test('the legal pages are readable from the keyboard: the back link is the first stop after the skip link', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeFocused();
  });

  test('on a phone About fits the screen width and both calls to action stay reachable', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    for (const name of ['Start Free Trial', 'Contact Sales']) {
      await page.getByRole('link', { name }).scrollIntoViewIfNeeded();
      await expect(page.getByRole('link', { name })).toBeInViewport();
    }
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
  });
});

test('a signed-in user reaches About inside the app frame, while Terms of Service is a 404 for them', async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const response = await page.goto('/terms-of-service');
  // The access table gives entitled users no /terms-of-service: the 404 screen.
  expect(response?.status()).toBe(404);
});
