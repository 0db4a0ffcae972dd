import { expect, test, type Page } from '@playwright/test';
import { demoBetaCode, registerUser } from './support/session';

// Issue 13, points 2 and 3: what sign-out and `?reset=true` do to the browser's storage and to the
// beta gate (spec 000 §3, §4), for a signed-in subscriber of the beta.

const themeKey = 'treasury-intel-theme';

/** Passes the gate the way a visitor does, so nothing re-seeds the storage on later page loads. */
async function passGate(page: Page, path = '/') {
  await page.goto(path);
  await page.getByLabel('Invitation Code').fill(demoBetaCode);
  await page.getByRole('button', { name: 'Access Platform' }).click();
  await expect(page.getByText('Access Granted!')).toBeVisible();
}

const storage = (page: Page) =>
  page.evaluate(() => ({
    local: Object.fromEntries(Object.entries(localStorage)),
    session: Object.fromEntries(Object.entries(sessionStorage)),
  }));

const gateCookie = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === 'beta_access');

test('signing out clears local and session storage, the beta keys included, and shows the gate again', async ({ page, baseURL }) => {
  await passGate(page);
  await registerUser(page.context(), baseURL!);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Early Discovery Intelligence Dashboard' })).toBeVisible();
  // Every key the spec names (000 §3), plus one of the session's own.
  await page.evaluate((key) => {
    localStorage.setItem('betaRequestEmail', 'ada@example.com');
    localStorage.setItem(key, 'light');
    sessionStorage.setItem('qa-probe', 'set before sign-out');
  }, themeKey);
  const before = await storage(page);
  expect(before.local).toMatchObject({ betaAccess: 'granted', betaAccessCode: demoBetaCode, betaRequestEmail: 'ada@example.com', [themeKey]: 'light' });
  expect(before.session).toMatchObject({ 'qa-probe': 'set before sign-out' });

  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');

  await expect(page.getByRole('button', { name: 'Access Platform' })).toBeVisible();
  expect(await storage(page)).toEqual({ local: {}, session: {} });
  expect(await gateCookie(page)).toBeUndefined();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  // Still closed after a reload: nothing of the old access is left in the browser.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Access Platform' })).toBeVisible();
});

test('?reset=true shows the gate to a signed-in user whose account holds beta access, until a code is entered again', async ({ page, baseURL }) => {
  await passGate(page);
  await registerUser(page.context(), baseURL!);
  expect((await (await page.request.get('/api/auth/user')).json()).betaAccess).toBe(true);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();

  await page.goto('/settings?reset=true');
  await expect(page.getByTestId('beta-gate')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toHaveCount(0);
  await expect.poll(async () => (await storage(page)).local).toEqual({});
  expect(await gateCookie(page)).toBeUndefined();

  // The reset holds on the next page too: the account's own flag does not reopen the gate.
  await page.goto('/settings');
  await expect(page.getByTestId('beta-gate')).toBeVisible();
  // The session itself is untouched: the gate is about this browser's access, not the account.
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);

  await page.goto('/settings?reset=true');
  await page.getByLabel('Invitation Code').fill(demoBetaCode.toLowerCase());
  await page.getByRole('button', { name: 'Access Platform' }).click();
  await expect(page.getByText('Access Granted!')).toBeVisible();
  // The same page opens, without the parameter (which would reset the gate once more).
  await expect(page).toHaveURL('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  expect((await storage(page)).local).toMatchObject({ betaAccess: 'granted', betaAccessCode: demoBetaCode });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
});

test('?reset=true on a page signed out resets and shows the gate, whatever the storage held', async ({ page }) => {
  await passGate(page, '/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  await page.goto('/about?reset=true');
  await expect(page.getByRole('button', { name: 'Access Platform' })).toBeVisible();
  await expect.poll(async () => (await storage(page)).local.betaAccess).toBeUndefined();
  expect((await storage(page)).local.betaAccessCode).toBeUndefined();
  expect(await gateCookie(page)).toBeUndefined();
});
