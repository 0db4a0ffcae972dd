import { expect, test, type Page } from '@playwright/test';
import { grantAdmin } from './support/admin';
import { passBetaGate, passBetaGateOnce, registerUser, signedInPage, unsubscribedContext } from './support/session';

// Issue 28: the mail queue is readable by an admin through /admin/outbox, and by nobody else. Local
// only (not @deployment): it grants the admin role with the operator's command on this machine's database.

const resetSubject = /Reset your Treasury Intelligence password/;

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await expect(page.getByRole('menuitem', { name: 'Account Settings' })).toBeVisible();
}

test('an admin reads the mail forgot-password queued: text and a sandboxed HTML body, by keyboard, at 375 px too', async ({ browser, baseURL, page }) => {
  test.setTimeout(120_000);
  // Someone asks for a reset from the sign-in screen, signed out.
  const owner = await browser.newContext({ baseURL });
  await passBetaGate(owner, baseURL!);
  const someone = await registerUser(owner, baseURL!);
  await owner.close();
  const visitor = await browser.newContext({ baseURL });
  await passBetaGate(visitor, baseURL!);
  const form = await visitor.newPage();
  await form.goto('/forgot-password');
  await form.getByLabel('Email').fill(someone.email);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  await expect(form.getByRole('status')).toContainText('If an account exists for that email');
  await visitor.close();

  // The gate's storage written once, not by an init script, so the mail's sandboxed frame sees no script of ours.
  await passBetaGateOnce(page, baseURL!);
  const admin = await registerUser(page.context(), baseURL!);
  await grantAdmin(page.context(), baseURL!, admin);
  await page.goto('/');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Mail outbox' }).click();
  await expect(page).toHaveURL('/admin/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Mail outbox' })).toBeVisible();

  // The reset mail, newest first among that address's mails (the verification mail came before it).
  const entries = page.getByTestId('outbox-entry').filter({ hasText: someone.email });
  await expect(entries.first()).toContainText(resetSubject);
  await expect(entries.first()).toContainText('password-reset');
  await expect(entries.nth(1)).toContainText('verify-email');

  // Keyboard: focus the entry and open it with Enter. The page logs nothing: no script of the mail's
  // frame is even attempted (until this test reads inside the frame, which Playwright does by script).
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  await entries.first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/outbox\?mail=/);
  const mail = page.getByTestId('outbox-mail');
  await expect(mail.getByRole('heading', { level: 2, name: resetSubject })).toBeVisible();
  await expect(mail.getByTestId('outbox-mail-to')).toHaveText(someone.email);
  await expect(page.getByTestId('outbox-entry').filter({ hasText: someone.email }).first()).toHaveAttribute('aria-current', 'true');
  const text = mail.getByTestId('outbox-mail-text');
  await expect(text).toContainText('/reset-password?token=');
  await page.waitForLoadState('networkidle');
  expect(logged).toEqual([]);

  // The HTML body renders in a frame that grants nothing (no script, forms, same origin or top navigation).
  const frame = mail.getByTestId('outbox-mail-html');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('[data-testid="outbox-mail-html"]').getByText('Or paste this link into your browser')).toBeVisible();
  const link = (await text.innerText()).match(/https?:\/\/\S*\/reset-password\?token=\S+/)![0];
  await expect(page.frameLocator('[data-testid="outbox-mail-html"]').getByText(link)).toBeVisible();

  // At 375 px the mail comes first, nothing scrolls sideways, and a link leads back to the list.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  // The page streams behind its loading screen, and React may reveal it after the load event: wait for both.
  await expect(mail.getByRole('heading', { level: 2, name: resetSubject })).toBeVisible();
  await expect(page.getByTestId('outbox-list')).toBeVisible();
  const mailBox = (await mail.boundingBox())!;
  const listBox = (await page.getByTestId('outbox-list').boundingBox())!;
  expect(mailBox.y).toBeLessThan(listBox.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('link', { name: '← All mail' }).click();
  await expect(page).toHaveURL('/admin/outbox');
  await expect(page.getByTestId('outbox-mail')).toHaveCount(0);

  // The JSON view of the same queue agrees.
  const api = await page.request.get('/api/admin/outbox', { params: { to: someone.email } });
  expect(api.status()).toBe(200);
  expect(((await api.json()) as { subject: string }[])[0]!.subject).toMatch(resetSubject);
});

test('an unknown mail id says so beside the list', async ({ baseURL, page }) => {
  // The gate's storage written once, not by an init script, so the mail's sandboxed frame sees no script of ours.
  await passBetaGateOnce(page, baseURL!);
  const admin = await registerUser(page.context(), baseURL!);
  await grantAdmin(page.context(), baseURL!, admin);
  await page.goto('/admin/outbox?mail=missing');
  await expect(page.getByTestId('outbox-mail').getByRole('heading', { name: 'Mail not found' })).toBeVisible();
  await expect(page.getByTestId('outbox-list')).toBeVisible();
});

test('nobody but an admin opens the outbox: what an unknown path gives each (404, plans, sign-in)', async ({ browser, baseURL, page }) => {
  await signedInPage(page, baseURL!);
  await page.goto('/admin/outbox');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByTestId('outbox-list')).toHaveCount(0);
  await page.goto('/');
  await openAccountMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Mail outbox' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/outbox')).status()).toBe(404);

  const unsubscribed = await unsubscribedContext(browser, baseURL!);
  const planless = await unsubscribed.newPage();
  await planless.goto('/admin/outbox');
  await expect(planless).toHaveURL('/subscription');
  await expect(planless.getByTestId('outbox-list')).toHaveCount(0);
  await unsubscribed.close();

  const signedOut = await browser.newContext({ baseURL });
  await passBetaGate(signedOut, baseURL!);
  const visitor = await signedOut.newPage();
  await visitor.goto('/admin/outbox');
  await expect(visitor).toHaveURL('/login');
  await signedOut.close();
});
