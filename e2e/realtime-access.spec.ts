import { expect, test, type Page } from '@playwright/test';
import { cookieHeader, signedInPage } from './support/session';

// /ws asks what the data APIs ask (issue 27): an entitled browser gets the live stream; a page whose
// session is revoked elsewhere is closed with 4401 and falls back to polling, without retrying, until
// it holds a valid session again.

/** The dashboard's connection card, once it reports `state`. */
async function expectConnection(page: Page, state: string) {
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', state);
}

test('a signed-in, entitled browser receives live signals over /ws', async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
  await page.goto('/');
  await expectConnection(page, 'connected');
  const token = `live${Date.now().toString(36)}`;
  const response = await page.request.post('/api/test/signals', {
    headers: { origin: baseURL! },
    data: {
      announce: true,
      signals: [{ companyName: 'Live Test Co', description: `Bought 100 BTC (${token}).`, source: 'SEC EDGAR 8-K', signalType: 'sec-filing', severity: 'critical', confidence: 90 }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  // Only the socket raises the critical signal's toast (new_signal's, then critical_alert's in its place); polling would not.
  await expect(page.getByRole('alert').filter({ hasText: `Live Test Co: Bought 100 BTC (${token}).` })).toBeVisible();
});

test('a page whose session is revoked falls back to polling without retrying, and reconnects once signed in again', async ({ page, baseURL, playwright }) => {
  const user = await signedInPage(page, baseURL!);
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await page.goto('/');
  await expectConnection(page, 'connected');
  expect(sockets).toHaveLength(1);

  // Signed out from another client holding the same cookie: the page keeps its (now revoked) cookie.
  const elsewhere = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: await cookieHeader(page.context().request), origin: baseURL! } });
  expect((await elsewhere.post('/api/auth/logout')).status()).toBe(200);
  await elsewhere.dispose();

  await expectConnection(page, 'polling');
  await expect(page.getByTestId('connection-status')).toContainText('Live updates are paused');
  // The spec's reconnects come 3 s apart: over two of those periods, and a return to the page, none is tried.
  await page.waitForTimeout(6_500);
  // The return asks about the session first; after its answer, half a second for a socket that should not come.
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/user');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await asked;
  await page.waitForTimeout(500);
  await expectConnection(page, 'polling');
  expect(sockets).toHaveLength(1);

  const login = await page.request.post('/api/auth/login', { data: { email: user.email, password: user.password }, headers: { origin: baseURL! } });
  expect(login.status(), await login.text()).toBe(200);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expectConnection(page, 'connected');
  expect(sockets).toHaveLength(2);
});
