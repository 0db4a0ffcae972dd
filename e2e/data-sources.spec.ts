import { expect, test } from '@playwright/test';
import { signedInPage } from './support/session';

// The Data Sources screen (spec 001 §2, §3, §4) on the seeded catalogue.

test.beforeEach(async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
  await page.goto('/data-sources');
  await expect(page.getByRole('heading', { level: 1, name: 'Data Sources' })).toBeVisible();
});

test('four summary cards agree with the API', { tag: '@deployment' }, async ({ page }) => {
  const { summary } = await (await page.request.get('/api/data-sources')).json();
  await expect(page.getByTestId('summary-active')).toContainText('Active Sources');
  await expect(page.getByTestId('summary-active').locator('p.text-2xl')).toHaveText(String(summary.activeSources));
  await expect(page.getByTestId('summary-signals')).toContainText('Total Signals');
  await expect(page.getByTestId('summary-signals')).toContainText('detected this month');
  await expect(page.getByTestId('summary-signals').locator('p.text-2xl')).toHaveText(summary.signalsThisMonth.toLocaleString('en-US'));
  await expect(page.getByTestId('summary-coverage')).toContainText('Coverage average');
  await expect(page.getByTestId('summary-coverage').locator('p.text-2xl')).toHaveText(`${summary.coverageAverage}%`);
  await expect(page.getByTestId('summary-realtime')).toContainText('Real-time Sources');
  // Counted from the sources' real state: no real-time source has succeeded in the offline test server.
  await expect(page.getByTestId('summary-realtime').locator('p.text-2xl')).toHaveText(String(summary.realtimeSources));
  await expect(page.getByTestId('summary-realtime').locator('p.text-2xl')).toHaveText('0');
  await expect(page.getByRole('link', { name: 'View Documentation' })).toBeVisible();
});

test('tabs filter the source cards by status, each card badged with its real state (issue 12)', { tag: '@deployment' }, async ({ page }) => {
  const cards = page.getByRole('tabpanel').getByRole('article');
  await expect(cards).toHaveCount(14);
  const sec = page.getByTestId('source-sec-filings');
  await expect(sec).toContainText('SEC filings feed');
  await expect(sec).toContainText('Regulatory & Compliance');
  // The test server runs no SEC ingest: the card says so instead of "Live".
  await expect(page.getByTestId('state-sec-filings')).toHaveText('Not connected');
  await expect(page.getByTestId('state-detail-sec-filings')).toHaveText('Not connected yet: no update has been received from this source.');
  await expect(sec).toContainText('100%');
  await expect(sec).toContainText('Real-time');

  // Each tab holds the sources whose state maps to its status (issue 27): integration = an ingester that has not delivered yet.
  const { sources } = (await (await page.request.get('/api/data-sources')).json()) as { sources: { key: string; status: string }[] };
  const keysOf = (status: string) => sources.filter((source) => source.status === status).map((source) => source.key);
  expect(keysOf('integration')).toEqual(expect.arrayContaining(['sec-filings', 'board-appointments', 'market-prices']));
  await page.getByRole('tab', { name: 'Integration' }).click();
  await expect(cards).toHaveCount(keysOf('integration').length);
  await expect(page.getByTestId('source-board-appointments')).toContainText('In Progress');
  await expect(page.getByTestId('source-board-appointments')).toContainText('Governance & Leadership');

  // Sources no ingester fills are planned, whatever the spec's table calls them.
  await page.getByRole('tab', { name: 'Planned' }).click();
  await expect(cards).toHaveCount(6);
  await expect(page.getByTestId('state-job-postings')).toHaveText('Planned');
  await expect(page.getByTestId('state-earnings-calls')).toHaveText('Planned');
  await expect(page.getByTestId('source-custody-providers')).toContainText('Planned');
  await expect(page.getByTestId('signals-custody-providers')).toHaveText('0');
  await expect(page.getByTestId('source-custody-providers')).toContainText('No ingester yet');

  await page.getByRole('tab', { name: 'Active' }).click();
  expect(keysOf('active')).toContain('holdings-table');
  expect(keysOf('active')).not.toContain('sec-filings');
  await expect(cards).toHaveCount(keysOf('active').length);
  await expect(page.getByTestId('source-holdings-table')).not.toContainText('Never');
  await expect(page.getByTestId('state-holdings-table')).toHaveText('Stale');
  await expect(page.getByTestId('state-detail-holdings-table')).toContainText('Jul 11, 2026');
  // The seeded signals come from the holdings changes this table recorded.
  await expect(page.getByTestId('signals-holdings-table')).not.toHaveText('0');
});

test('the category summary counts active and total sources per category', { tag: '@deployment' }, async ({ page }) => {
  const list = page.getByRole('list', { name: 'Source categories' });
  await expect(list.getByRole('listitem')).toHaveCount(8);
  await expect(page.getByTestId('category-corporate')).toHaveText(/Corporate Intelligence\s*1\/3 active/);
  await expect(page.getByTestId('category-infrastructure')).toHaveText(/Infrastructure & Services\s*0\/3 active/);
  await expect(page.getByTestId('category-innovation')).toHaveText(/Innovation & IP\s*0\/1 active/);
});
