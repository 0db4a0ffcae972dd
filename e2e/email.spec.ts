import { expect, test } from '@playwright/test';
import { linkIn, mailsTo } from './support/outbox';
import { passBetaGate, registerUser } from './support/session';

// Mail flows end to end against the demo's outbox (no SMTP server configured): the links are read
// from the .eml files the server wrote, as a user would read them from their inbox.

test('forgot password: request from the sign-in page, follow the mailed link, set a new password, sign in', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const signedIn = await browser.newContext({ baseURL });
  await passBetaGate(signedIn, baseURL!);
  const user = await registerUser(signedIn, baseURL!);
  const oldSession = await signedIn.newPage();
  await oldSession.goto('/dashboard');
  await expect(oldSession).toHaveURL('/dashboard');

  const context = await browser.newContext({ baseURL });
  await passBetaGate(context, baseURL!);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that email');

  const [mail] = await mailsTo(user.email, /Reset your Treasury Intelligence password/);
  const link = linkIn(mail!, '/reset-password?token=');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('Copper-Meadow-5812');
  await page.getByLabel('Confirm new password').fill('Copper-Meadow-5811');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel('Confirm new password').fill('Copper-Meadow-5812');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Your password has been reset. Sign in with your new password.')).toBeVisible();

  // The browser that was signed in before is signed out.
  await oldSession.goto('/dashboard');
  await expect(oldSession).toHaveURL('/login');

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Copper-Meadow-5812');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/');
  // Following the link proved the address: no verification banner.
  await expect(page.getByRole('region', { name: 'Email verification' })).toHaveCount(0);

  await mailsTo(user.email, /password was changed/);

  // The link works once.
  const again = await browser.newContext({ baseURL });
  await passBetaGate(again, baseURL!);
  const reuse = await again.newPage();
  await reuse.goto(link);
  await expect(reuse.getByRole('heading', { name: 'Link expired' })).toBeVisible();
  await reuse.getByRole('link', { name: 'Request a new link' }).click();
  await expect(reuse).toHaveURL('/forgot-password');
  await Promise.all([signedIn.close(), context.close(), again.close()]);
});

test('an unconfirmed address shows a banner that resends the link; following it confirms the address', async ({ page, baseURL }) => {
  await passBetaGate(page.context(), baseURL!);
  const user = await registerUser(page.context(), baseURL!);
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Email verification' });
  await expect(banner).toContainText('Confirm your email address');
  await mailsTo(user.email, /Confirm your email address/);
  await banner.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText(`We sent a new verification link to ${user.email}.`)).toBeVisible();
  const mails = await mailsTo(user.email, /Confirm your email address/, 2);

  await page.goto(linkIn(mails.at(-1)!, '/verify-email?token='));
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('status')).toHaveText('Your email address is verified.');
  await expect(page.getByRole('region', { name: 'Email verification' })).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Email verification' })).toHaveCount(0);
});

test('account settings: notification preferences are saved and shown again', async ({ page, baseURL }) => {
  await passBetaGate(page.context(), baseURL!);
  await registerUser(page.context(), baseURL!);
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Notifications' });
  await expect(card.getByText('Not verified')).toBeVisible();
  await card.getByRole('combobox', { name: 'Signal digest' }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await expect(page.getByText('Your notification preferences were updated.')).toBeVisible();
  await card.getByRole('combobox', { name: 'Weekly Health Summary' }).click();
  await page.getByRole('option', { name: 'In-app and email' }).click();
  await expect(card.getByRole('combobox', { name: 'Weekly Health Summary' })).toHaveText('In-app and email');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('combobox', { name: 'Signal digest' })).toHaveText('Weekly');
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('combobox', { name: 'Weekly Health Summary' })).toHaveText('In-app and email');
});
