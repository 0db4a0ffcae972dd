import { expect, test, type Browser } from '@playwright/test';
import { fakeChainPort } from '../playwright.config';
import { unsubscribedContext } from './support/session';

// The crypto checkout of spec 001 §4 and §9 end to end: rates from a CoinGecko-style API, a fresh
// receiving address with its QR code and a countdown to the 30-minute expiry, the status polled every
// 10 s, and the plan granted only when the explorer shows the payment confirmed. The server runs with
// a receiving-address list and points at local stand-ins for CoinGecko and Esplora
// (e2e/support/fake-chain-server.ts).

const chain = `http://127.0.0.1:${fakeChainPort}`;

async function unsubscribedPage(browser: Browser, baseURL: string) {
  return (await unsubscribedContext(browser, baseURL, { permissions: ['clipboard-read', 'clipboard-write'] })).newPage();
}

test('a BTC payment to a fresh address is confirmed on chain and makes the plan current', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const page = await unsubscribedPage(browser, baseURL!);
  await page.goto('/billing');
  await page.getByTestId('billing-plan-professional').getByRole('button', { name: 'Select Plan' }).click();
  const upgrade = page.getByTestId('upgrade-section');
  await upgrade.getByRole('tab', { name: 'Crypto' }).click();

  // $199 at 1 BTC = $100,000, with 8 decimals.
  await expect(upgrade.getByTestId('crypto-amount')).toHaveText('0.00199000 BTC');
  await upgrade.getByRole('button', { name: 'Create BTC Payment' }).click();

  const pending = upgrade.getByTestId('crypto-pending');
  const address = (await pending.getByTestId('crypto-address').textContent())!.trim();
  expect(address).toMatch(/^bc1q[0-9a-z]{38,58}$/);
  await expect(pending.getByRole('img', { name: 'QR code for the BTC address' })).toBeVisible();
  await expect(pending.getByTestId('crypto-countdown')).toHaveText(/^(30:00|29:[0-5]\d)$/);

  await pending.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByText('Address copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  // Nothing is granted while the address has received nothing.
  let me = await (await page.request.get('/api/auth/user')).json();
  expect(me.subscriptionStatus).not.toBe('active');

  const paid = await page.request.post(`${chain}/test/pay`, { data: { address, sats: 199_000 } });
  expect(paid.status()).toBe(201);
  // 'Payment Confirmed!' is followed at once by the success toasts (one toast shows at a time), so the
  // lasting sign of the confirmation is the plan becoming the current one.
  await expect(page.getByTestId('billing-plan-professional').getByRole('button', { name: 'Current Plan' })).toBeDisabled({ timeout: 30_000 });
  me = await (await page.request.get('/api/auth/user')).json();
  expect(me).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'Professional' });
  await page.context().close();
});

test('each crypto payment gets an address of its own', async ({ browser, baseURL }) => {
  const page = await unsubscribedPage(browser, baseURL!);
  const create = async () => {
    const response = await page.request.post('/api/payments/crypto/create', {
      data: { amount: 0.00049, currency: 'BTC', planType: 'starter' },
      headers: { origin: baseURL! },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { address: string; expiresAt: string; amount: string };
  };
  const first = await create();
  const second = await create();
  expect(first.address).not.toBe(second.address);
  expect(first.amount).toBe('0.00049000');
  expect(new Date(first.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
  await page.context().close();
});
