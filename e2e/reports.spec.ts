import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signedInPage } from './support/session';

// The Intelligence Reports page (spec 001 §2, §4, §5, §9; issue 5): real reports generated from the
// stored data, their PDFs, the scheduled reports and the templates.

async function openReports(page: Page, baseURL: string) {
  await signedInPage(page, baseURL);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Intelligence Reports' })).toBeVisible();
}

function toast(page: Page, title: string) {
  return page.locator('[data-slot="toast"]').filter({ hasText: title });
}

test('shows the tiles, search, period and the three tabs', { tag: '@deployment' }, async ({ page, baseURL }) => {
  await openReports(page, baseURL!);
  for (const key of ['totalReports', 'totalInsights', 'criticalFindings', 'successRate']) {
    await expect(page.getByTestId(`report-stat-${key}`)).toBeVisible();
  }
  await expect(page.getByPlaceholder('Search reports by title, type, or content...')).toBeVisible();
  await expect(page.getByTestId('disclaimer-inline')).toContainText('Not Financial Advice');
  await expect(page.getByTestId('report-period')).toHaveText(/Last 30 days/);
  await expect(page.getByRole('tab', { name: 'Recent Reports' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'Scheduled Reports' }).click();
  const schedules = page.getByTestId('report-schedule');
  await expect(schedules).toHaveCount(4);
  await expect(schedules.nth(0)).toContainText('Weekly Health Summary');
  await expect(schedules.nth(0)).toContainText('Monday 9:00 AM');
  await expect(schedules.nth(1)).toContainText('Signal Detection Report');
  await expect(schedules.nth(2)).toContainText('Monthly Deep Dive');
  await expect(schedules.nth(2)).toContainText('August 31st');
  await expect(schedules.nth(2)).toContainText('scheduled');
  await expect(schedules.nth(3)).toContainText('Discovery Pipeline');
  await expect(schedules.nth(3)).toContainText('Daily 3:00 PM');

  await page.getByRole('tab', { name: 'Report Templates' }).click();
  for (const name of ['Executive Summary', 'Technical Analysis', 'Regulatory Compliance']) {
    await expect(page.getByTestId('report-template').filter({ hasText: name })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Use Template' })).toHaveCount(3);
});

test('Generate Custom Report creates a report that turns ready, downloads as a PDF and opens in the viewer', { tag: '@deployment' }, async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await openReports(page, baseURL!);
  // A fresh install opens on the shared reports its active schedules generated at seed time.
  const seeded = ['Weekly Health Summary - Last 7 days', 'Signal Detection Report - Last 7 days', 'Discovery Pipeline - Last 30 days'];
  await expect(page.getByTestId('report-card')).toHaveCount(seeded.length);
  for (const title of seeded) await expect(page.getByTestId('report-card').filter({ hasText: title })).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('report-stat-totalReports').locator('p.text-2xl')).toHaveText('3');

  await page.getByRole('button', { name: 'Generate Custom Report' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Report type').click();
  await page.getByRole('option', { name: 'Risk Assessment' }).click();
  await dialog.getByRole('button', { name: 'Generate Report' }).click();
  await expect(toast(page, 'Report Generating')).toBeVisible();

  const card = page.getByTestId('report-card').first();
  await expect(card).toContainText('Risk Assessment Report - Last 30 days');
  await expect(card).toHaveAttribute('data-status', 'ready', { timeout: 45_000 });
  await expect(card.getByText('ready', { exact: true })).toBeVisible();
  await expect(page.getByTestId('report-stat-totalReports').locator('p.text-2xl')).toHaveText('4');
  await expect(page.getByTestId('report-stat-successRate').locator('p.text-2xl')).toHaveText('100%');

  const downloadPromise = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^risk-assessment-report-.+\.pdf$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const popupPromise = page.context().waitForEvent('page');
  await card.getByRole('button', { name: 'View' }).click();
  const viewer = await popupPromise;
  await viewer.waitForLoadState();
  const id = await card.getAttribute('data-report-id');
  expect(new URL(viewer.url()).pathname).toBe(`/reports/${id}`);
  await expect(viewer.getByRole('heading', { level: 1, name: 'Risk Assessment Report - Last 30 days' })).toBeVisible();
  await expect(viewer.getByRole('list', { name: 'Findings' }).getByRole('listitem').first()).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `/api/reports/${id}/download`);
  await expect(viewer.getByTestId('report-pdf')).toBeVisible();
});

test('Use Template shows its two toasts and creates a report from the template', { tag: '@deployment' }, async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await openReports(page, baseURL!);
  await page.getByRole('tab', { name: 'Report Templates' }).click();
  await page.getByTestId('report-template').filter({ hasText: 'Executive Summary' }).getByRole('button', { name: 'Use Template' }).click();
  await expect(toast(page, 'Template Selected')).toBeVisible();
  await expect(toast(page, 'Template Ready')).toBeVisible({ timeout: 5_000 });
  await page.getByRole('tab', { name: 'Recent Reports' }).click();
  await expect(page.getByTestId('report-card').filter({ hasText: 'Executive Summary: Health Analysis Report' })).toHaveAttribute('data-status', 'ready', { timeout: 45_000 });
});

test('search and period filter the list; others cannot open my report', { tag: '@deployment' }, async ({ page, baseURL, browser }) => {
  await openReports(page, baseURL!);
  const created = await page.request.post(`${baseURL}/api/reports`, { data: { type: 'Discovery', period: '90d' }, headers: { origin: baseURL! } });
  expect(created.status()).toBe(202);
  const { id } = (await created.json()) as { id: string };
  await page.reload();
  const mine = page.locator(`[data-testid="report-card"][data-report-id="${id}"]`);
  await expect(page.getByTestId('report-card')).toHaveCount(4);

  // Only my report covers 90 days; the seeded shared ones cover 7 and 30.
  const search = page.getByPlaceholder('Search reports by title, type, or content...');
  await search.fill('LAST 90 DAYS');
  await expect(page.getByTestId('report-card')).toHaveCount(1);
  await expect(mine).toBeVisible();
  await search.fill('no report is called this');
  await expect(page.getByTestId('reports-empty')).toContainText('No reports match your search');
  await search.fill('');

  await page.getByTestId('report-period').click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  await expect(page.getByTestId('report-card')).toHaveCount(4);
  await expect(mine).toBeVisible();

  const stranger = await browser.newPage({ baseURL });
  await signedInPage(stranger, baseURL!);
  expect((await stranger.request.get(`${baseURL}/api/reports/${id}/download`)).status()).toBe(404);
  const response = await stranger.goto(`/reports/${id}`);
  expect(response?.status()).toBe(404);
  await stranger.close();
});
