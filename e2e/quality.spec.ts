import { expect, type ConsoleMessage, type Page } from '@playwright/test';
import { routes, screenTest as test } from './support/screens';

// A browser-quality sweep of every screen, each as the user it is meant for: no console errors or
// warnings, no uncaught errors, no failed requests, no sideways scrolling on a phone, an h1 in both
// themes, and the basic accessibility a screen reader depends on.

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

/** The accessible-name checks, run in the page; answers the offending elements. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];

  if (!(await page.locator('html').getAttribute('lang'))) problems.push('html has no lang');
  const h1s = await page.locator('h1').allTextContents();
  if (h1s.length !== 1) problems.push(`expected exactly one h1, found ${h1s.length}: ${JSON.stringify(h1s)}`);

  problems.push(
    ...(await page.locator('img').evaluateAll((images) =>
      images.filter((image) => !image.hasAttribute('alt')).map((image) => `img without alt: ${image.outerHTML.slice(0, 160)}`),
    )),
  );

  // Form controls and buttons. A control is named by aria-labelledby, aria-label, a <label> or a
  // title (a placeholder alone is not a label); a button also by its own content (text, img alt,
  // labelled icons), aria-hidden parts aside. Radix's hidden native mirrors (aria-hidden) are skipped.
  problems.push(
    ...(await page
      .locator('input:not([type=hidden]), select, textarea, [role=combobox], button, [role=button]')
      .evaluateAll((elements) => {
        const content = (node: Node): string => {
          if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
          if (!(node instanceof Element) || node.getAttribute('aria-hidden') === 'true') return '';
          if (node.getAttribute('aria-label')) return ` ${node.getAttribute('aria-label')} `;
          if (node.tagName === 'IMG') return ` ${node.getAttribute('alt') ?? ''} `;
          return Array.from(node.childNodes).map(content).join('');
        };
        const nameOf = (el: Element): string => {
          const labelledBy = (el.getAttribute('aria-labelledby') ?? '')
            .split(/\s+/)
            .filter(Boolean)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ');
          if (labelledBy.trim()) return labelledBy.trim();
          if (el.getAttribute('aria-label')?.trim()) return el.getAttribute('aria-label')!.trim();
          const labels = 'labels' in el && el.labels ? Array.from(el.labels as NodeListOf<HTMLLabelElement>).map((label) => label.textContent).join(' ') : '';
          if (labels.trim()) return labels.trim();
          if (el.getAttribute('title')?.trim()) return el.getAttribute('title')!.trim();
          const isButton = el.tagName === 'BUTTON' || el.getAttribute('role') === 'button' || (el instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(el.type));
          if (!isButton) return '';
          if (el instanceof HTMLInputElement) return el.value.trim();
          return content(el).trim();
        };
        return elements
          .filter((el) => !el.closest('[aria-hidden="true"]'))
          .filter((el) => !nameOf(el))
          .map((el) => `${el.tagName === 'BUTTON' || el.getAttribute('role') === 'button' ? 'button' : 'form control'} without an accessible name: ${el.outerHTML.slice(0, 200)}`);
      })),
  );
  return problems;
}

// One test per screen, spread over the workers; two full loads each, so a little more room than the default.
test.describe.configure({ mode: 'parallel', timeout: 60_000 });

const themeKey = 'treasury-intel-theme';

for (const route of routes) {
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
