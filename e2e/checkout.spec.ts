import { expect, test } from '@playwright/test';
import { signedInPage, unsubscribedContext } from './support/session';

// The checkout (spec 001 §2, §4, §5, §8): the card form, the session check, and the demo purchase
// that turns an account without access into a subscriber.

test('the card form formats as typed; PayPal and Square are marked Soon and disabled', async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
  await page.goto('/checkout?client_secret=demo_check&subscription_id=none');
  await expect(page.getByTestId('checkout-plan')).toHaveText('Professional Plan');
  await expect(page.getByText('Demo mode — no card is charged', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Plans' })).toHaveAttribute('href', '/subscription');

  await expect(page.getByRole('tab', { name: /Credit Card/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: /PayPal/ })).toBeDisabled();
  await expect(page.getByRole('tab', { name: /PayPal/ })).toContainText('Soon');
  await expect(page.getByRole('tab', { name: /Square/ })).toBeDisabled();

  await page.getByLabel('Cardholder Name').fill('Ada Lovelace');
  const number = page.getByLabel('Card Number');
  await number.pressSequentially('4242424242424242');
  await expect(number).toHaveValue('4242 4242 4242 4242');
  await expect(number).toHaveAttribute('maxlength', '19');
  await number.pressSequentially('99');
  await expect(number).toHaveValue('4242 4242 4242 4242');

  const expiry = page.getByLabel('Expiry Date');
  await expiry.pressSequentially('1230');
  await expect(expiry).toHaveValue('12/30');
  await expect(expiry).toHaveAttribute('maxlength', '5');

  const cvc = page.getByLabel('CVC');
  await cvc.pressSequentially('12a345');
  await expect(cvc).toHaveValue('1234');
  await expect(page.getByRole('button', { name: 'Pay $199' })).toBeEnabled();
});

test('without a client secret the checkout says the session is invalid', async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
  await page.goto('/checkout');
  await expect(page.getByText('Invalid Checkout Session')).toBeVisible();
  await expect(page.getByText('Please start the checkout process again.')).toBeVisible();
});

test('an account without access buys a plan through the demo checkout and reaches the dashboard as a subscriber', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const context = await unsubscribedContext(browser, baseURL!);
  const page = await context.newPage();

  await page.goto('/dashboard');
  await expect(page).toHaveURL('/subscription');

  await page.getByTestId('plan-starter').getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/checkout\?client_secret=demo_/);
  await expect(page.getByTestId('checkout-plan')).toHaveText('Basic Plan');
  await page.getByLabel('Cardholder Name').fill('Ada Lovelace');
  await page.getByLabel('Card Number').pressSequentially('4242424242424242');
  await page.getByLabel('Expiry Date').pressSequentially('1230');
  await page.getByLabel('CVC').pressSequentially('123');
  await page.getByRole('button', { name: 'Pay $49' }).click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();

  await expect(page.getByText('Welcome to Treasury Intelligence. Your account has been activated.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('checkout-success')).toBeVisible();
  await expect(page.getByTestId('checkout-success').getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(page).toHaveURL('/dashboard', { timeout: 15_000 });

  const user = await (await context.request.get(`${baseURL}/api/auth/user`)).json();
  expect(user).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'Basic', betaAccess: false });
  await page.goto('/signals');
  await expect(page).toHaveURL('/signals');
  await context.close();
});
