import AxeBuilder from '@axe-core/playwright';
import { expect, type ConsoleMessage, type Page } from '@playwright/test';
import { adminRoutes, routes, screenTest as test } from './support/screens';

// A browser-quality sweep of every screen, each as the user it is meant for: no console errors or
// warnings, no uncaught errors, no failed requests, no sideways scrolling on a phone, an h1 in both
// themes, and no serious or critical axe-core violation in either theme (dark on a desktop, light at 375 px).

/**
 * Everything that went wrong in the page, as readable lines. No 4xx is allowed: the shell is
 * seeded with the server's answer to "who is signed in" (no 401 probe when signed out), and no
 * screen's own load calls an /api route its user state may not use.
 */
function watchProblems(page: Page, baseURL: string) {
  const problems: string[] = [];
  const origin = new URL(baseURL).origin;

  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // Playwright's own scripts (locators, axe's frame scan) are refused by the admin outbox's mail
    // frame, sandboxed to run none; e2e/admin-outbox.spec.ts checks that the page itself logs nothing.
    if (message.text().startsWith("Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed")) return;
    problems.push(`console ${message.type()}: ${message.text()} (${message.location().url})`);
  });
  // A production build reports hydration mismatches as uncaught (minified) React errors; a
  // development server logs them, and missing list keys, as console errors.
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('response', (response) => {
    const url = new URL(response.url());
    const status = response.status();
    if (status >= 500) problems.push(`HTTP ${status}: ${response.request().method()} ${response.url()}`);
    else if (status >= 400 && url.origin === origin && url.pathname.startsWith('/api/')) problems.push(`HTTP ${status}: ${response.request().method()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // Requests cancelled by the page itself (unmount, reload) are not failures of the server.
    if (failure.includes('ERR_ABORTED')) return;
    problems.push(`request failed: ${request.method()} ${request.url()} ${failure}`);
  });
  return problems;
}

/** Waits until no request has been in flight for half a second (long-lived sockets aside). */
function trackNetwork(page: Page) {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    // Only the site's own traffic: the PDF viewer's internal chrome:// loads never report an end.
    if (!request.url().startsWith('http')) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const done = (request: unknown) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async function settled(timeout = 10_000) {
    const deadline = Date.now() + timeout;
    while (Date.now() < deadline) {
      if (inFlight.size === 0 && Date.now() - lastChange >= 500) return;
      await page.waitForTimeout(100);
    }
  };
}

/** Loads the path, waits for its h1, then scrolls through it so lazily loaded sections load too. */
async function load(page: Page, path: string, settled: () => Promise<void>) {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await settled();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await settled();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * axe-core's WCAG 2.x A/AA rules and best practices on the page as it stands; answers the serious
 * and critical violations, one line per rule with the first offending elements. One h1 per screen
 * is this product's own rule, checked beside them.
 */
async function accessibilityProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const h1s = await page.locator('h1').allTextContents();
  if (h1s.length !== 1) problems.push(`expected exactly one h1, found ${h1s.length}: ${JSON.stringify(h1s)}`);
  // A mail's HTML in the admin outbox is the mail's own markup, in a frame sandboxed to run no script,
  // where axe cannot be injected (it would wait for that frame until the test times out).
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .exclude('[data-testid="outbox-mail-html"]')
    .analyze();
  for (const violation of violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const where = violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ');
    problems.push(`${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.length}×: ${where})`);
  }
  return problems;
}

// One test per screen, spread over the workers; two full loads each, so a little more room than the default.
test.describe.configure({ mode: 'parallel', timeout: 60_000 });

const themeKey = 'treasury-intel-theme';

for (const route of [...routes, ...adminRoutes]) {
  test(`${route.name} is clean in both themes, fits a phone and names its controls`, async ({ contextFor, baseURL }) => {
    const context = await contextFor(route.user);
    const path = typeof route.path === 'string' ? route.path : await route.path(context, baseURL!);
    const page = await context.newPage();
    const problems = watchProblems(page, baseURL!);
    const settled = trackNetwork(page);
    const html = page.locator('html');

    // Dark (the default) at a desktop size.
    await page.setViewportSize({ width: 1280, height: 800 });
    await load(page, path, settled);
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.locator('h1')).toBeVisible();
    const desktopA11y = await accessibilityProblems(page);

    // Light on a phone: the boot script applies the stored theme before the page paints.
    await page.evaluate((key) => localStorage.setItem(key, 'light'), themeKey);
    await page.setViewportSize({ width: 375, height: 812 });
    await load(page, path, settled);
    await expect(html).not.toHaveClass(/\bdark\b/);
    await expect(page.locator('h1')).toBeVisible();
    const overflow = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    const wide =
      overflow.scrollWidth > overflow.innerWidth
        ? await page.locator('body *').evaluateAll((elements, width) => {
            // Name the outermost offenders (those no scrolling ancestor contains) so a failure says where to look.
            const contained = (el: Element) => {
              for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
                if (getComputedStyle(parent).overflowX !== 'visible') return true;
              }
              return false;
            };
            return elements
              .filter((el) => el.getBoundingClientRect().right > width + 0.5 && !contained(el))
              .slice(0, 5)
              .map((el) => `<${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 100)}"> right=${Math.round(el.getBoundingClientRect().right)}`);
          }, overflow.innerWidth)
        : [];
    const phoneA11y = await accessibilityProblems(page);

    expect.soft(problems, 'console errors, page errors and failed requests').toEqual([]);
    expect.soft(overflow.scrollWidth, `scrollWidth at 375px; widest: ${wide.join(' | ')}`).toBeLessThanOrEqual(overflow.innerWidth);
    expect.soft([...new Set([...desktopA11y, ...phoneA11y])], 'accessibility').toEqual([]);
  });
}
