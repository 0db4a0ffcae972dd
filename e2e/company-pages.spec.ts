import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signedInPage } from './support/session';

// Issue 26 on the seeded demo: a page per company at /companies/{slug} (figures with dates and
// sources, charts drawn from data, the mNAV basis selector, every section), the slug rules (case,
// shared ticker, two entities, unknown), /compare, and the links from the leaderboard and the dialog.

test.beforeEach(async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInPage(page, baseURL!);
});

/** A drawn line: recharts loads when the chart nears the viewport, so scroll it there first. */
async function expectDrawn(page: Page, testId: string) {
  const chart = page.getByTestId(testId);
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('svg path.recharts-line-curve').first()).toBeVisible({ timeout: 20_000 });
  expect(await chart.locator('svg path.recharts-line-curve').first().getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+[CLH]/);
}

test('a company page shows dated, sourced figures, charts drawn from data and every section', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/companies/mstr');
  await expect(page).toHaveURL(/\/companies\/MSTR$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Strategy (MicroStrategy)' })).toBeVisible();

  const mnav = page.getByTestId('figure-mNav');
  await expect(mnav).toContainText('0.68×');
  await expect(mnav.getByTestId('figure-as-of')).toHaveText('As of Aug 21, 2026');
  await expect(page.getByTestId('figure-holdings')).toContainText('843,775 BTC');
  await expect(page.getByTestId('figure-holdings').getByTestId('figure-as-of')).toContainText('2026');

  for (const title of ['Key figures', 'Holdings over time', 'BTC per 1,000 shares', 'mNAV beside the share price', "Strategy's KPIs", 'Capital stack', 'Issuance and purchases', 'Signals and filings', 'Insider trades', 'Provenance']) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  await expect(page.getByTestId('provenance')).toContainText('Bitcoin held');

  await expectDrawn(page, 'holdings-chart');
  await expect(page.getByTestId('holdings-chart')).toHaveAttribute('aria-label', /Strategy \(MicroStrategy\) holdings from .* changes/);
  await expectDrawn(page, 'btc-per-share-chart');
  await expectDrawn(page, 'mnav-chart');
});

test('the capital sections show the stack, the KPIs with their basis, accretion verdicts and CSV downloads', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/companies/MSTR');
  const stack = page.getByTestId('capital-stack-table');
  await expect(stack.getByRole('rowheader', { name: 'STRF', exact: true })).toHaveCount(1);
  await expect(stack.getByRole('rowheader', { name: 'STRF at-the-market program' })).toHaveCount(1);
  await expect(stack).not.toContainText('https://');
  // STRC: the liquidation order as filed, its filing on hover, and the dated rating before STRE (rank not stated) was issued.
  const strc = stack.getByTestId('instrument-row').filter({ has: page.getByRole('rowheader', { name: 'STRC', exact: true }) });
  await expect(strc).toContainText('junior to STRF; senior to STRK and STRD');
  await expect(strc.getByTitle(/^Stated in: .*8k-2025-10-06-230977/)).toHaveCount(1);
  await expect(strc).toContainText(/not available: no filing read states how STRC ranks against STRE/);
  await expect(strc).toContainText(/\d+\.\d+× on .*, before STRE was issued \(Nov 13, 2025\)/);
  await expect(page.getByTestId('amplification')).toContainText(/\d+\.\d%/);
  await expect(page.getByTestId('amplification')).toContainText('÷ BTC NAV');

  const ninety = page.getByTestId('kpi-table').getByTestId('kpi-90d');
  await expect(ninety.getByTestId('kpi-yield')).toContainText(/-?\d+\.\d\d%/);
  await expect(ninety.getByTestId('kpi-yield')).toContainText('assumed diluted');
  await expect(ninety.getByTestId('kpi-yield')).toHaveAttribute('title', /^On assumed diluted shares/);

  await expect(page.getByTestId('issuance-table').getByTestId('accretion-badge').first()).toHaveText(/^(Accretive|Dilutive)$/);

  // A custom window by keyboard: a plain form, so the page renders it on the server.
  const form = page.getByRole('form', { name: 'Custom KPI window' });
  await form.getByLabel('From').fill('2026-01-01');
  await form.getByLabel('To').fill('2026-06-30');
  await form.getByLabel('To').press('Enter');
  await expect(page).toHaveURL(/from=2026-01-01&to=2026-06-30/);
  await expect(page.getByTestId('kpi-custom')).toContainText('Jan 1, 2026');

  // The latest 25 purchases and raises first; the whole history on request, the KPI window kept.
  const issuanceRows = page.getByTestId('issuance-table').getByTestId('issuance-row');
  await expect(issuanceRows).toHaveCount(25);
  const showAll = page.getByTestId('issuance-toggle');
  const total = Number(/^Show all (\d+) events$/.exec((await showAll.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(100);
  await showAll.click();
  await expect(page).toHaveURL(/from=2026-01-01&to=2026-06-30&issuance=all#issuance$/);
  await expect(issuanceRows).toHaveCount(total);
  await expect(page.getByTestId('kpi-custom')).toContainText('Jan 1, 2026');
  await page.getByRole('link', { name: 'Show the latest 25' }).click();
  await expect(issuanceRows).toHaveCount(25);

  const csvLink = page.getByTestId('capital-structure-export').getByRole('link', { name: 'Download the capital structure as CSV' });
  const response = await page.request.get((await csvLink.getAttribute('href'))!);
  expect(response.status(), await response.text()).toBe(200);
  const download = page.waitForEvent('download');
  await csvLink.click();
  const file = await download;
  const text = await readFile(await file.path(), 'utf8');
  expect(text).toContain('STRF');
  await expect(page.getByTestId('mnav-history-export').getByRole('link', { name: /as CSV/ })).toHaveAttribute('href', /basis=basic&format=csv/);
});

test('the capital sections fit 375 px in both themes without sideways scroll of the page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const theme of ['light', 'dark'] as const) {
    await page.goto('/dashboard');
    await page.evaluate((value) => localStorage.setItem('treasury-intel-theme', value), theme);
    await page.goto('/companies/MSTR#capital-stack');
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
    await expect(page.getByTestId('capital-stack-table')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Instruments of the capital stack' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  }
});

test('BTC per share is drawn where share counts and holdings changes overlap', async ({ page }) => {
  await page.goto('/companies/ASST');
  await expectDrawn(page, 'btc-per-share-chart');
  await expect(page.getByTestId('btc-per-share-chart')).toHaveAttribute('aria-label', /^BTC per 1,000 shares from .+ to .+/);
});

test('the mNAV basis selector switches by click and keyboard, states each formula and fetches each basis', async ({ page }) => {
  await page.goto('/companies/MSTR');
  const selector = page.getByTestId('mnav-basis-selector');
  await selector.scrollIntoViewIfNeeded();
  const formula = page.getByTestId('mnav-formula');
  const chart = page.getByTestId('mnav-chart');
  await expect(formula).toHaveText('basic mNAV = market cap ÷ BTC NAV (BTC held × BTC price)');
  await expectDrawn(page, 'mnav-chart');
  await expect(chart).toHaveAttribute('aria-label', /Basic mNAV from /);

  const evHistory = page.waitForResponse((response) => response.url().includes('/mnav-history?format=json&basis=ev') && response.status() === 200);
  await selector.getByText('EV', { exact: true }).click();
  await evHistory;
  await expect(page.getByRole('radio', { name: 'EV' })).toBeChecked();
  await expect(formula).toHaveText('EV mNAV = (market cap + total debt + preferred − cash) ÷ BTC NAV');
  await expect(chart).toHaveAttribute('aria-label', /EV mNAV from /);
  await expectDrawn(page, 'mnav-chart');

  await page.getByRole('radio', { name: 'EV' }).press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Diluted' })).toBeChecked();
  await expect(formula).toContainText('diluted mNAV = share price × diluted shares');
  await expect(chart).toHaveAttribute('aria-label', /Diluted mNAV from /);

  await selector.getByText('Strategy 2026 net', { exact: true }).hover();
  await expect(page.getByRole('tooltip').filter({ hasText: "net mNAV (Strategy's definition from 2026-07-23)" })).toBeVisible();

  await page.getByRole('radio', { name: 'Diluted' }).press('ArrowLeft');
  await page.getByRole('radio', { name: 'EV' }).press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'Basic' })).toBeChecked();
  await expectDrawn(page, 'mnav-chart');
});

test('a basis without a daily history says so', async ({ page }) => {
  await page.goto('/companies/ASST');
  const selector = page.getByTestId('mnav-basis-selector');
  await selector.scrollIntoViewIfNeeded();
  await selector.getByText('Strategy 2026 net', { exact: true }).click();
  await expect(page.getByTestId('mnav-no-history')).toContainText('No history yet for Strategy 2026 net mNAV.');
});

test('slugs: unknown is a 404, a bare shared ticker lists its listings, two entities on one listing go by id', async ({ page }) => {
  const missing = await page.goto('/companies/NOPE.NOWHERE');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();

  await page.goto('/companies/coin');
  await expect(page.getByRole('heading', { level: 1, name: 'COIN names 2 companies' })).toBeVisible();
  const candidates = page.getByTestId('company-candidates');
  await expect(candidates.getByRole('link')).toHaveCount(2);
  await candidates.getByRole('link', { name: /Coinsilium/ }).click();
  await expect(page).toHaveURL(/\/companies\/COIN\.AQUIS$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Coinsilium' })).toBeVisible();

  await page.goto('/companies/SATO');
  await expect(page).toHaveURL(/\/companies\/c[a-z0-9]{20,}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Canada Computational Unlimited Corp.' })).toBeVisible();
  await expect(page.getByTestId('flag-notice')).toContainText('Two entities on one listing');
});

test('compare puts companies side by side, indexes their charts, switches the window and adds and removes companies', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/compare?tickers=mstr,MARA');
  const figures = page.getByTestId('compare-figures');
  await expect(figures.getByRole('columnheader')).toHaveCount(3);
  await expect(figures.getByRole('row').filter({ hasText: 'mNAV (basic)' })).toContainText('0.68×');
  await expectDrawn(page, 'compare-mnav-chart');
  await expect(page.getByTestId('section-compare-mnav')).toContainText('100 = each company');

  await page.getByTestId('compare-window').getByRole('link', { name: '90 days' }).click();
  await expect(page).toHaveURL(/window=90/);
  await expect(page.getByTestId('compare-window').getByRole('link', { name: '90 days' })).toHaveAttribute('aria-current', 'page');

  const add = page.getByLabel('Add a company (ticker)');
  await add.fill('ASST');
  await add.press('Enter');
  await expect(page).toHaveURL(/add=ASST/);
  await expect(figures.getByRole('columnheader')).toHaveCount(4);
  await page.getByRole('link', { name: /^Remove Strategy/ }).click();
  await expect(figures.getByRole('columnheader')).toHaveCount(3);
  await expect(figures).not.toContainText('Strategy (MicroStrategy)');
  await page.getByTestId('compare-window').getByRole('link', { name: 'All' }).click();
  await expectDrawn(page, 'compare-btc-per-share-chart');
});

test('compare says which tickers it cannot use instead of failing', async ({ page }) => {
  await page.goto('/compare?tickers=MSTR,NOPE,COIN');
  const problems = page.getByRole('alert').filter({ hasText: 'NOPE' });
  await expect(problems).toContainText('NOPE: no tracked company has this ticker.');
  await expect(problems).toContainText('COIN names more than one company: choose COIN.AQUIS or COIN.NASDAQ.');
  await expect(page.getByTestId('compare-empty')).toHaveText('Choose one more company to compare (up to 4).');
  await problems.getByRole('link', { name: 'Add COIN.NASDAQ' }).click();
  await expect(page.getByTestId('compare-figures').getByRole('columnheader')).toHaveCount(3);
});

test('the leaderboard name and the dialog link open the company page', async ({ page }) => {
  await page.goto('/');
  const table = page.getByRole('table', { name: 'Top 100 Bitcoin Treasury Holdings' });
  const row = table.getByRole('row').filter({ hasText: 'MSTR · ' });
  await row.getByRole('link', { name: 'Strategy (MicroStrategy)' }).click();
  await expect(page).toHaveURL(/\/companies\/MSTR$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Strategy (MicroStrategy)' })).toBeVisible();

  await page.goBack();
  await table.getByRole('row').filter({ hasText: 'MARA · ' }).getByRole('cell').nth(2).click();
  const dialog = page.getByTestId('company-detail');
  await dialog.getByTestId('open-company-page').click();
  await expect(page).toHaveURL(/\/companies\/MARA$/);
});
