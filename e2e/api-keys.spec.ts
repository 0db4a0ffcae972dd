import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { signedInPage, unsubscribedContext } from './support/session';

// Issue 17 end to end: a subscriber creates a key on Account Settings (shown once), calls the read
// API with it from outside the browser, downloads the screens' exports, reads the docs page, and
// revokes the key, after which the API refuses it.

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; text: string }> {
  const pending = page.waitForEvent('download');
  await click();
  const download = await pending;
  return { download, text: fs.readFileSync((await download.path())!, 'utf8') };
}

const dataLines = (csv: string) => csv.trim().split('\r\n').filter((line) => !line.startsWith('# '));

test('create a key, call the API with it, download exports, revoke it', { tag: '@deployment' }, async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signedInPage(page, baseURL!);

  await page.goto('/settings');
  const card = page.getByTestId('api-keys-card');
  await expect(card.getByTestId('api-keys-empty')).toBeVisible();
  await card.getByRole('button', { name: 'Create Key' }).click();
  await expect(card.getByText('Enter a name for the key.')).toBeVisible();
  await card.getByLabel('Key Name').fill('E2E notebook');
  await card.getByRole('button', { name: 'Create Key' }).click();
  await expect(page.getByText('API Key Created', { exact: true })).toBeVisible();
  const secret = (await card.getByTestId('api-key-secret').textContent())!.trim();
  expect(secret).toMatch(/^ti_[A-Za-z0-9_-]{43}$/);
  const row = card.getByTestId('api-key-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${secret.slice(0, 11)}…`);
  await expect(row).toContainText('never used');

  // Shown once: gone after dismissing, and never sent again.
  await card.getByRole('button', { name: 'I have copied it' }).click();
  await expect(card.getByTestId('api-key-secret')).toHaveCount(0);
  await page.reload();
  await expect(card.getByTestId('api-key-row')).toHaveCount(1);
  expect(await page.content()).not.toContain(secret);

  // From a script: no cookies, only the key.
  const headers = { authorization: `Bearer ${secret}` };
  const companies = await fetch(`${baseURL}/api/v1/companies?limit=3`, { headers });
  expect(companies.status).toBe(200);
  expect(companies.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
  const body = (await companies.json()) as { data: { ticker: string; holdingsBtc: number }[]; meta: { nextCursor: string | null } };
  expect(body.data).toHaveLength(3);
  expect(body.data[0]!.ticker).toBe('MSTR');
  expect(body.meta.nextCursor).toEqual(expect.any(String));
  const again = await fetch(`${baseURL}/api/v1/companies?limit=3`, { headers: { ...headers, 'if-none-match': companies.headers.get('etag')! } });
  expect(again.status).toBe(304);
  expect((await fetch(`${baseURL}/api/v1/signals?severity=high&limit=2`, { headers })).status).toBe(200);
  // A key opens nothing outside /api/v1.
  expect((await fetch(`${baseURL}/api/auth/user`, { headers })).status).toBe(401);

  await page.reload();
  await expect(card.getByTestId('api-key-usage')).toContainText(/last used .*, [34] requests/);

  // Exports from the screens, by session.
  await page.goto('/dashboard');
  const table = page.getByRole('table', { name: 'Top 100 Bitcoin Treasury Holdings' });
  await expect(table).toBeVisible();
  const leaderboard = await downloaded(page, () => page.getByRole('link', { name: 'Download the holdings table as CSV' }).click());
  expect(leaderboard.download.suggestedFilename()).toMatch(/^treasury-leaderboard-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(leaderboard.text.split('\r\n').slice(0, 3)).toEqual([expect.stringMatching(/^# Top 100 Bitcoin Treasury Holdings$/), expect.stringMatching(/^# As of: /), expect.stringMatching(/^# Sources: /)]);
  const lines = dataLines(leaderboard.text);
  expect(lines[0]).toBe('rank,company,ticker,exchange,sector,holdings_btc,value_usd,health_grade,ai_risk_score,mnav_multiple,mnav_as_of');
  // The header row plus one per company: the rows below the first screen render right after hydration.
  await expect(table.getByRole('row')).toHaveCount(lines.length);
  expect(lines[1]).toContain('Strategy (MicroStrategy),MSTR');

  await table.getByRole('row').nth(1).click();
  const dialog = page.getByRole('dialog', { name: 'Strategy (MicroStrategy)' });
  await expect(dialog).toBeVisible();
  const history = await downloaded(page, () => dialog.getByRole('link', { name: 'Download the holdings history as CSV' }).click());
  expect(history.text.split('\r\n')[0]).toBe('# Strategy (MicroStrategy) (MSTR) holdings history');
  expect(dataLines(history.text)[0]).toBe('as_of,holdings_btc,source,source_url,filed_at');
  expect(dataLines(history.text).length).toBeGreaterThan(2);
  await page.keyboard.press('Escape');

  await page.goto('/signals');
  await expect(page.getByTestId('signal-card').first()).toBeVisible();
  const signals = await downloaded(page, () => page.getByRole('link', { name: 'Download the signals list as JSON' }).click());
  const json = JSON.parse(signals.text) as { meta: { columns: string[]; asOf: string }; data: unknown[] };
  expect(json.meta.columns).toEqual(['detected_at', 'company', 'severity', 'signal_type', 'description', 'source', 'confidence_percent']);
  expect(json.data.length).toBeGreaterThan(0);

  // The docs page renders the OpenAPI document with runnable examples.
  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { name: 'API Documentation' })).toBeVisible();
  // One per path of the OpenAPI document, the capital structure, KPIs and issuance of each company included.
  await expect(page.getByTestId('api-docs-endpoint')).toHaveCount(13);
  for (const path of ['capital-structure', 'kpis', 'issuance']) {
    await expect(page.getByTestId('api-docs-endpoint').filter({ has: page.getByText(new RegExp(`\\{id\\}/${path}$`)) })).toHaveCount(1);
  }
  await expect(page.getByLabel('curl example', { exact: true })).toContainText(`${baseURL}/api/v1/companies`);
  await expect(page.getByLabel('Python example')).toContainText('nextCursor');
  await expect(page.getByLabel('Google Sheets example')).toContainText('UrlFetchApp');

  // Revoke: the next request fails.
  await page.goto('/settings');
  await card.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke Key' }).click();
  await expect(page.getByText('API Key Revoked', { exact: true })).toBeVisible();
  await expect(card.getByTestId('api-key-row')).toContainText('Revoked');
  const refused = await fetch(`${baseURL}/api/v1/companies?limit=3`, { headers });
  expect(refused.status).toBe(401);
  expect(await refused.text()).not.toContain(secret);
});

test('the account page works on a phone', { tag: '@deployment' }, async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signedInPage(page, baseURL!);
  await page.goto('/settings');
  const card = page.getByTestId('api-keys-card');
  await card.getByLabel('Key Name').fill('Phone key');
  await card.getByRole('button', { name: 'Create Key' }).click();
  await expect(card.getByTestId('api-key-secret')).toBeVisible();
  // Once the toast has slid in and the layout has settled, nothing scrolls sideways.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test('without a subscription the card explains why keys cannot be created', { tag: '@deployment' }, async ({ browser, baseURL }) => {
  const context = await unsubscribedContext(browser, baseURL!);
  const page = await context.newPage();
  await page.goto('/settings');
  const card = page.getByTestId('api-keys-card');
  await expect(card.getByTestId('api-keys-unentitled')).toContainText('need an active subscription or beta access');
  await expect(card.getByRole('button', { name: 'Create Key' })).toBeDisabled();
  // The API refuses the session too, and the docs page is for subscribers.
  expect((await context.request.get(`${baseURL}/api/v1/companies`)).status()).toBe(403);
  await page.goto('/api-docs');
  await expect(page).toHaveURL(/\/subscription$/);
  await context.close();
});
