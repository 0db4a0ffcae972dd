import { expect, test, type Page } from '@playwright/test';
import { signedInPage } from './support/session';

// The plans page (spec 001 §2, §4, §5, §8, §9): prices, the yearly math, the FAQ, and subscribing.

function planCard(page: Page, id: string) {
  return page.getByTestId(`plan-${id}`);
}

test('monthly prices, the yearly toggle with its exact figures, limits, secure-payment note and FAQ', { tag: '@deployment' }, async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByText('Save up to 25%')).toBeVisible();

  const monthly = { starter: '$49', professional: '$199', enterprise: '$999' };
  for (const [id, price] of Object.entries(monthly)) await expect(planCard(page, id).getByTestId('plan-price')).toHaveText(price);
  // Spec 001 §6: the tiers are Basic, Professional, Enterprise; the ids stay starter/professional/enterprise.
  const names = { starter: 'Basic', professional: 'Professional', enterprise: 'Enterprise' };
  for (const [id, name] of Object.entries(names)) await expect(planCard(page, id)).toHaveAccessibleName(name);
  await expect(planCard(page, 'professional').getByText('Recommended')).toBeVisible();
  await expect(planCard(page, 'starter').getByText('Track up to 50 companies')).toBeVisible();
  await expect(planCard(page, 'starter').getByText('5 custom reports per month')).toBeVisible();
  await expect(planCard(page, 'professional').getByText('Track up to 500 companies')).toBeVisible();
  await expect(planCard(page, 'professional').getByText('Unlimited reports')).toBeVisible();
  await expect(planCard(page, 'enterprise').getByText('Unlimited companies')).toBeVisible();

  await page.getByRole('switch', { name: 'Bill yearly' }).click();
  // 12 × monthly less 10 / 20 / 25 %; the headline is the rounded per-month equivalent.
  const yearly: Record<string, [string, string, string]> = {
    starter: ['$44', '$529.20', '$588'],
    professional: ['$159', '$1,910.40', '$2,388'],
    enterprise: ['$749', '$8,991', '$11,988'],
  };
  for (const [id, [perMonth, total, undiscounted]] of Object.entries(yearly)) {
    const card = planCard(page, id);
    await expect(card.getByTestId('plan-price')).toHaveText(perMonth);
    await expect(card.getByTestId('plan-yearly-total')).toHaveText(total);
    await expect(card.getByTestId('plan-undiscounted-total')).toHaveText(undiscounted);
    expect(await card.getByTestId('plan-undiscounted-total').evaluate((node) => node.tagName)).toBe('S');
  }

  await expect(page.getByText('Secure payment.')).toBeVisible();
  await page.getByText('Is there a money-back guarantee?').click();
  await expect(page.getByText(/30-day money-back guarantee/)).toBeVisible();
  await page.getByText('Can I change my plan later?').click();
  await expect(page.getByText(/plan changes take effect at the next billing cycle/)).toBeVisible();
});

test('subscribing when the session has ended asks to log in', { tag: '@deployment' }, async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
  await page.goto('/subscription');
  await expect(planCard(page, 'starter').getByRole('button', { name: 'Get Started' })).toBeEnabled();
  const logout = await page.context().request.post(`${baseURL}/api/auth/logout`, { headers: { origin: baseURL! } });
  expect(logout.ok()).toBe(true);

  await planCard(page, 'starter').getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByText('Authentication Required')).toBeVisible();
  await expect(page.getByText('Please log in to subscribe to a plan.')).toBeVisible();
  await expect(page).toHaveURL('/subscription');
});

test('the clicked plan shows Processing... and the checkout opens with the client secret and the yearly total', { tag: '@deployment' }, async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
  // Holds the real request a moment so the pending state is observable; the server still answers it.
  await page.route('**/api/create-subscription', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/subscription');
  await page.getByRole('switch', { name: 'Bill yearly' }).click();

  const requestSeen = page.waitForRequest('**/api/create-subscription');
  await planCard(page, 'professional').getByRole('button', { name: 'Get Started' }).click();
  await expect(planCard(page, 'professional').getByRole('button', { name: 'Processing...' })).toBeDisabled();
  expect((await requestSeen).postDataJSON()).toEqual({ planId: 'professional', interval: 'year', amount: 1910.4 });

  await expect(page).toHaveURL(/\/checkout\?client_secret=demo_[^&]+&subscription_id=[^&]+&plan=professional&interval=year$/);
  await expect(page.getByTestId('checkout-plan')).toHaveText('Professional Plan');
  await expect(page.getByTestId('checkout-total')).toContainText('$1,910.40');
});
