import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { signedInPage } from './support/session';

// The Advanced Treasury Analytics page (spec 001 §2; issue 5): real summary cards, the four tabs'
// charts and an Export Report that downloads a real file.

test('shows the four cards and a chart in every tab', { tag: '@deployment' }, async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced Treasury Analytics' })).toBeVisible();
  for (const key of ['btc', 'risk', 'health', 'growth']) await expect(page.getByTestId(`analytics-card-${key}`)).toBeVisible();
  await expect(page.getByTestId('analytics-card-btc')).toContainText('BTC');
  await expect(page.getByTestId('disclaimer-inline')).toContainText('Not Financial Advice');

  await expect(page.getByRole('tab', { name: 'Health Analysis' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('chart-health-distribution').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('chart-treasury-trends').locator('.recharts-line')).toBeVisible();

  await page.getByRole('tab', { name: 'Sector Breakdown' }).click();
  await expect(page.getByTestId('chart-sector-allocation').locator('.recharts-pie-sector').first()).toBeVisible();
  await expect(page.getByText('Optimal: 10-20%')).toBeVisible();

  await page.getByRole('tab', { name: 'Risk Assessment' }).click();
  await expect(page.getByTestId('chart-risk-histogram').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('highest-risk-list').getByRole('listitem')).toHaveCount(10);

  await page.getByRole('tab', { name: 'Discovery Pipeline' }).click();
  await expect(page.getByTestId('chart-discovery-status')).toBeVisible();
  await expect(page.getByTestId('chart-discovery-priority')).toBeVisible();
});

test('Export Report downloads a PDF summary and a CSV of the companies', { tag: '@deployment' }, async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
  await page.goto('/analytics');
  await page.getByRole('button', { name: 'Export Report' }).click();
  let downloadPromise = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'PDF summary' }).click();
  let download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^treasury-analytics-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(fs.readFileSync((await download.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.getByRole('button', { name: 'Export Report' }).click();
  downloadPromise = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Companies CSV' }).click();
  download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^rank,name,ticker/);
  expect(csv.trim().split('\r\n').length).toBeGreaterThan(100);
});
