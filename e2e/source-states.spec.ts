import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signedInPage, uniqueEmail } from './support/session';

// Issue 27: with sources unreachable, subscribers read what that means for the figures, never the raw
// error, host or setting the ingester stored; an admin opens that detail. Its own server and seeded
// database (the ingest records written here would change what other specs read on the shared one),
// with ADMIN_EMAILS naming the admin.

const port = Number(process.env.E2E_PORT_BASE ?? 3100) + 8;
const site = `http://127.0.0.1:${port}`;
const database = `.data/e2e-sources-${port}.db`;
const adminEmail = uniqueEmail('source-admin');

const marketError =
  'GET https://api.example/api/v3/simple/price?ids=bitcoin%2Cethereum&vs_currencies=usd%2Ceur%2Cgbp%2Cjpy%2Cchf%2Ccad%2Caud%2Csgd%2Chkd&include_last_updated_at=true failed: getaddrinfo ENOTFOUND api.example';
const secError = 'SEC_USER_AGENT is not set. SEC EDGAR requires a declared User-Agent naming your organisation and a contact e-mail, e.g. "Example Corp admin@example.com".';
const fxError = 'GET https://rates.example/stats/eurofxref/eurofxref-hist.zip?cache-buster=0123456789abcdef0123456789abcdef failed: connect ECONNREFUSED 10.0.0.1:443';
const leaks = /https?:\/\/|api\.example|rates\.example|ENOTFOUND|getaddrinfo|ECONNREFUSED|SEC_USER_AGENT|User-Agent|INGEST_ENABLED/;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let server: ChildProcess | undefined;
const output: string[] = [];

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  for (const file of fs.readdirSync('.data').filter((name) => name.startsWith(`e2e-sources-${port}.db`))) fs.rmSync(`.data/${file}`);
  const env = { ...process.env, NODE_ENV: 'production' as const, DATABASE_URL: `file:./${database}`, REDIS_URL: '', NEXT_TELEMETRY_DISABLED: '1' };
  execFileSync(process.execPath, [require.resolve('tsx/cli'), 'scripts/db.ts', 'setup'], { env, stdio: 'ignore' });
  server = spawn(process.execPath, ['dist/server.js'], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', SCHEDULER_ENABLED: 'false', INGEST_ENABLED: 'false', ENABLE_TEST_ROUTES: '1', ADMIN_EMAILS: adminEmail },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await expect.poll(async () => (await request.get(`${site}/api/health`).catch(() => undefined))?.status(), { timeout: 150_000, message: output.join('') }).toBe(200);
  const now = new Date().toISOString();
  const written = await request.post(`${site}/api/test/data-sources`, {
    headers: { origin: site },
    data: {
      sources: [
        { key: 'market-prices', lastSuccessAt: '2026-08-21T09:00:00.000Z', lastAttemptAt: now, lastError: marketError },
        { key: 'sec-filings', lastSuccessAt: null, lastAttemptAt: now, lastError: secError },
        { key: 'fx-rates', lastSuccessAt: null, lastAttemptAt: now, lastError: fxError },
      ],
    },
  });
  expect(written.status(), await written.text()).toBe(204);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
});

/** Every element of each matching box shows within it (clipped parts aside), and the box scrolls nothing sideways. */
async function expectInside(page: Page, selector: string) {
  const outside = await page.locator(selector).evaluateAll((boxes) =>
    boxes.flatMap((box) => {
      const edge = box.getBoundingClientRect();
      if (edge.width === 0) return [];
      const name = box.getAttribute('data-testid') ?? box.tagName;
      // A box that grew with its text runs past the screen or over its neighbour instead.
      const crowded = [...(box.parentElement?.children ?? [])].filter((sibling) => {
        const other = sibling.getBoundingClientRect();
        return sibling !== box && other.width > 0 && other.top < edge.bottom && other.bottom > edge.top && other.left < edge.right - 1 && other.right > edge.left + 1;
      });
      const placed = [
        ...(edge.left < -1 || edge.right > window.innerWidth + 1 ? [`${name} runs past the screen`] : []),
        ...crowded.map((sibling) => `${name} overlaps ${sibling.getAttribute('data-testid') ?? sibling.tagName}`),
      ];
      // What an element shows: its box, cut by every ancestor (up to the card) that clips its overflow.
      const shown = (element: Element) => {
        let { left, right } = element.getBoundingClientRect();
        for (let parent = element.parentElement; parent && parent !== box; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX === 'visible') continue;
          const clip = parent.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
        }
        return { left, right };
      };
      const spilled = [...box.querySelectorAll('*')].filter((element) => {
        const { left, right } = shown(element);
        return right > left && (right > edge.right + 1 || left < edge.left - 1);
      });
      return [...placed, ...(box.scrollWidth > box.clientWidth + 1 ? [`${name} scrolls sideways`] : []), ...spilled.map((element) => `${name}: ${element.tagName} "${element.textContent?.slice(0, 60)}"`)];
    }),
  );
  expect(outside).toEqual([]);
}

for (const width of [375, 1440]) {
  test(`a subscriber reads the outage in product words, inside its card, at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    await signedInPage(page, site);

    await page.goto(`${site}/`);
    const notice = page.getByTestId('data-age-notice');
    await expect(notice).toContainText('Market prices could not be reached since Aug 21, 2026 — figures use the last stored price.');
    await expect(notice).toContainText('SEC filings could not be reached yet — signals from newer filings are not in yet.');
    await expect(notice).toBeVisible();
    expect(await notice.innerText()).not.toMatch(leaks);
    await expect(page.getByText('Technical detail (admins)')).toHaveCount(0);
    await expectInside(page, '[data-testid="data-age-notice"]');
    const box = (await notice.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);

    await page.goto(`${site}/data-sources`);
    await expect(page.getByTestId('state-market-prices')).toHaveText('Stale');
    await expect(page.getByTestId('state-detail-market-prices')).toHaveText('Market prices could not be reached since Aug 21, 2026 — figures use the last stored price.');
    await expect(page.getByTestId('state-fx-rates')).toHaveText('Not connected');
    await expect(page.getByTestId('state-detail-fx-rates')).toHaveText('FX reference rates could not be reached yet — non-USD share prices use the last stored rates.');
    // Revealed, not only streamed: the screen streams behind its loading state, and the reads below see what is shown.
    await expect(page.getByTestId('state-market-prices')).toBeVisible();
    expect(await page.locator('main').innerText()).not.toMatch(leaks);
    await expect(page.getByText('Technical detail (admins)')).toHaveCount(0);
    await expectInside(page, '[role="article"]');

    // What the browser could read behind the screens says no more.
    for (const path of ['/api/data-sources', '/api/health', '/api/data/latest']) {
      const response = await page.request.get(`${site}${path}`);
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).not.toMatch(leaks);
    }
    // Signed out, health says only how the service is.
    const anonymous = await (await request.get(`${site}/api/health`)).json();
    expect(Object.keys(anonymous).sort()).toEqual(['database', 'status', 'timestamp', 'websocket']);
  });
}

test('an admin (ADMIN_EMAILS) opens the technical detail, which wraps inside its card at 1440 px', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signedInPage(page, site, { email: adminEmail });

  await page.goto(`${site}/`);
  const notice = page.getByTestId('data-age-notice');
  await expect(notice).toContainText('Market prices could not be reached since Aug 21, 2026');
  const detail = notice.getByTestId('technical-detail-market-prices');
  await expect(detail).not.toContainText('ENOTFOUND', { useInnerText: true });
  await detail.getByText('Technical detail (admins)').click();
  await expect(detail).toContainText(`Last error: ${marketError}`, { useInnerText: true });
  await notice.getByTestId('technical-detail-sec-filings').getByText('Technical detail (admins)').click();
  await expect(notice.getByTestId('technical-detail-sec-filings')).toContainText('SEC_USER_AGENT is not set.');
  await expectInside(page, '[data-testid="data-age-notice"]');

  await page.goto(`${site}/data-sources`);
  const card = page.getByTestId('source-market-prices');
  await card.getByText('Technical detail (admins)').click();
  await expect(card.getByTestId('technical-detail-market-prices')).toContainText(marketError);
  await page.getByTestId('source-fx-rates').getByText('Technical detail (admins)').click();
  await expectInside(page, '[role="article"]');

  const health = await (await page.request.get(`${site}/api/health`)).json();
  expect(health.sources.find((source: { key: string }) => source.key === 'market-prices')).toMatchObject({ state: 'stale', lastError: marketError });
});
