import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { expect, test as base, type Browser, type BrowserContext, type Page, type Route } from '@playwright/test';
import { startFakePaypal, startFakeSquare } from '../test/support/payments/fake-providers';
import { startFakeStripe } from '../test/support/payments/fake-stripe';
import type { FakeServer } from '../test/support/http-server';
import { cspViolations, nonceOf, recordCspViolations, watchCspConsole } from './support/csp';
import { checkoutPath, routes, screenTest } from './support/screens';
import { passBetaGate, registerUser, unsubscribedContext } from './support/session';

// Every screen is sent with a strict Content-Security-Policy and a fresh nonce, and loads without a
// single refusal; the payment pages, on a server with Stripe, PayPal and Square configured, load
// each provider's SDK, frames and API calls without one either.

async function expectPolicyHeaders(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response, path).toBeTruthy();
  const headers = response!.headers();
  const policy = headers['content-security-policy'];
  for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "default-src 'self'"]) expect(policy).toContain(directive);
  expect(policy).not.toMatch(/unsafe-eval|strict-dynamic|script-src[^;]*'unsafe-inline'/);
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  const nonce = nonceOf(policy);
  expect(nonce).toBeTruthy();
  return { policy, nonce: nonce! };
}

/** Every inline script of the document carries the response's nonce (Next's and the theme boot script). */
async function inlineScriptsWithoutNonce(page: Page, nonce: string) {
  return page.evaluate(
    (expected) =>
      Array.from(document.scripts)
        .filter((script) => !script.src && script.nonce !== expected)
        .map((script) => script.textContent?.slice(0, 80) ?? ''),
    nonce,
  );
}

screenTest.describe('every screen', { tag: '@deployment' }, () => {
  screenTest.describe.configure({ mode: 'parallel' });

  for (const route of routes) {
    screenTest(`${route.name} is sent with a nonce policy and loads without a CSP violation`, async ({ contextFor, baseURL }) => {
      const context = await contextFor(route.user);
      await recordCspViolations(context);
      const path = typeof route.path === 'string' ? route.path : await route.path(context, baseURL!);
      const page = await context.newPage();
      const consoleReports = watchCspConsole(page);

      const first = await expectPolicyHeaders(page, path);
      await expect(page.locator('h1').first()).toBeVisible();
      expect(await inlineScriptsWithoutNonce(page, first.nonce)).toEqual([]);
      // The theme boot script ran under the policy: the class it sets is there before React.
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForLoadState('networkidle');
      expect(await cspViolations(page)).toEqual([]);

      const second = await expectPolicyHeaders(page, path);
      expect(second.nonce).not.toBe(first.nonce);
      await expect(page.locator('h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await cspViolations(page)).toEqual([]);
      expect(consoleReports).toEqual([]);
      expect(first.policy).not.toMatch(/stripe|paypal|squarecdn/);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Payment pages with every provider configured: a server.ts of their own, pointed at the local
// provider API stand-ins (test/support/payments). Browsers here cannot reach the providers' CDNs,
// so the SDK files are answered by the test at their real URLs; each stand-in does what the real
// SDK does that a policy can refuse: its script loads from the provider's origin, it frames the
// provider's page, calls the provider's API from the browser and (PayPal) runs an inline script
// with the nonce handed to it. A request reaches these handlers only if the policy allowed it.

const paymentsPort = Number(process.env.E2E_PORT_BASE ?? 3100) + 7;
const paymentsURL = `http://127.0.0.1:${paymentsPort}`;
const squareApplicationId = 'sandbox-sq0idb-CSPTEST';

const stripeJs = `window.Stripe = function Stripe(key) {
  function element(kind) {
    var handlers = {};
    return {
      mount: function (target) {
        var node = typeof target === 'string' ? document.querySelector(target) : target;
        var frame = document.createElement('iframe');
        frame.title = 'Secure payment input frame';
        frame.src = 'https://js.stripe.com/v3/elements-inner-' + kind + '.html';
        node.appendChild(frame);
        fetch('https://api.stripe.com/v1/elements/sessions?key=' + encodeURIComponent(key)).then(function () {
          (handlers.ready || []).forEach(function (handler) { handler({ elementType: kind }); });
        });
      },
      on: function (event, handler) { (handlers[event] = handlers[event] || []).push(handler); return this; },
      off: function () { return this; }, once: function () { return this; }, update: function () {}, destroy: function () {},
      unmount: function () {}, focus: function () {}, blur: function () {}, clear: function () {}, collapse: function () {}
    };
  }
  return {
    elements: function () { return { create: element, getElement: function () { return null; }, update: function () {}, fetchUpdates: function () { return Promise.resolve({}); }, submit: function () { return Promise.resolve({}); } }; },
    createToken: function () {}, createPaymentMethod: function () {}, confirmCardPayment: function () {}, confirmPayment: function () {},
    registerAppInfo: function () {}, _registerWrapper: function () {}
  };
};`;

const paypalJs = `(function () {
  var nonce = document.currentScript && document.currentScript.getAttribute('data-csp-nonce');
  var inline = document.createElement('script');
  if (nonce) inline.setAttribute('nonce', nonce);
  inline.textContent = 'window.__paypalInlineRan = true;';
  document.head.appendChild(inline);
  window.paypal = { version: '5.0.0', Buttons: function () { return {
    isEligible: function () { return true; },
    render: function (container) {
      var node = typeof container === 'string' ? document.querySelector(container) : container;
      var frame = document.createElement('iframe');
      frame.title = 'PayPal';
      frame.src = 'https://www.paypal.com/smart/buttons?stand-in=1';
      node.appendChild(frame);
      var logo = new Image();
      logo.alt = 'PayPal';
      logo.src = 'https://www.paypalobjects.com/images/checkout/paypal-logo.png';
      node.appendChild(logo);
      return fetch('https://www.paypal.com/graphql?stand-in=1', { method: 'POST', body: '{}' }).then(function () {});
    },
    close: function () { return Promise.resolve(); }, updateProps: function () { return Promise.resolve(); }
  }; } };
})();`;

const squareJs = `window.Square = { payments: function () { return {
  card: function () { return Promise.resolve({
    attach: function (selector) {
      var frame = document.createElement('iframe');
      frame.title = 'Secure card payment input frame';
      frame.src = 'https://sandbox.web.squarecdn.com/v1/paymentframe?stand-in=1';
      document.querySelector(selector).appendChild(frame);
      return fetch('https://pci-connect.squareupsandbox.com/payments/hydrate', { method: 'POST', body: '{}' }).then(function () {});
    },
    tokenize: function () { return Promise.resolve({ status: 'OK', token: 'cnon:card-nonce-ok' }); },
    destroy: function () { return Promise.resolve(true); }, addEventListener: function () {}, focus: function () { return Promise.resolve(); }, recalculateSize: function () {}
  }); },
  verifyBuyer: function () { return Promise.resolve(null); }
}; } };`;

const pixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Answers the providers' browser-side URLs; returns the URLs the page was allowed to request. */
async function serveProviderSdks(context: BrowserContext) {
  const reached: string[] = [];
  const answer = (route: Route, body: string | Buffer, contentType: string) => {
    reached.push(route.request().url());
    return route.fulfill({ status: 200, contentType, body, headers: { 'access-control-allow-origin': '*' } });
  };
  const frame = '<!doctype html><title>provider frame</title><p>provider frame</p>';
  await context.route(/^https:\/\/js\.stripe\.com\//, (route) => (route.request().url().endsWith('/stripe.js') || /\/v3\/?$/.test(route.request().url()) ? answer(route, stripeJs, 'text/javascript') : answer(route, frame, 'text/html')));
  await context.route(/^https:\/\/api\.stripe\.com\//, (route) => answer(route, '{}', 'application/json'));
  await context.route(/^https:\/\/www\.paypal\.com\//, (route) =>
    route.request().url().includes('/sdk/js') ? answer(route, paypalJs, 'text/javascript') : route.request().url().includes('/graphql') ? answer(route, '{}', 'application/json') : answer(route, frame, 'text/html'),
  );
  await context.route(/^https:\/\/www\.paypalobjects\.com\//, (route) => answer(route, pixel, 'image/png'));
  await context.route(/^https:\/\/sandbox\.web\.squarecdn\.com\//, (route) => (route.request().url().endsWith('/square.js') ? answer(route, squareJs, 'text/javascript') : answer(route, frame, 'text/html')));
  await context.route(/^https:\/\/pci-connect\.squareupsandbox\.com\//, (route) => answer(route, '{}', 'application/json'));
  return reached;
}

const paymentsTest = base;

paymentsTest.describe('payment pages with Stripe, PayPal and Square configured', () => {
  paymentsTest.describe.configure({ mode: 'serial', timeout: 120_000 });
  let server: ChildProcess | undefined;
  const output: string[] = [];
  const fakes: FakeServer[] = [];

  paymentsTest.beforeAll(async ({ request }) => {
    paymentsTest.setTimeout(180_000);
    const [stripe, paypal, square] = await Promise.all([startFakeStripe('sk_test_csp'), startFakePaypal('paypal-csp', 'paypal-csp-secret'), startFakeSquare('square-csp', 'LCSP')]);
    fakes.push(stripe, paypal, square);
    const database = `.data/e2e-csp-${paymentsPort}.db`;
    for (const file of fs.readdirSync('.data').filter((name) => name.startsWith(`e2e-csp-${paymentsPort}.db`))) fs.rmSync(`.data/${file}`);
    server = spawn(process.execPath, ['dist/server.js'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(paymentsPort),
        HOST: '127.0.0.1',
        DATABASE_URL: `file:./${database}`,
        SCHEDULER_ENABLED: 'false',
        INGEST_ENABLED: 'false',
        REDIS_URL: '',
        NEXT_TELEMETRY_DISABLED: '1',
        STRIPE_SECRET_KEY: 'sk_test_csp',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_csp',
        STRIPE_API_BASE_URL: stripe.url,
        PAYPAL_CLIENT_ID: 'paypal-csp',
        PAYPAL_CLIENT_SECRET: 'paypal-csp-secret',
        PAYPAL_API_BASE_URL: paypal.url,
        SQUARE_ACCESS_TOKEN: 'square-csp',
        SQUARE_APPLICATION_ID: squareApplicationId,
        SQUARE_LOCATION_ID: 'LCSP',
        SQUARE_API_BASE_URL: square.url,
        SQUARE_ENVIRONMENT: 'sandbox',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    await expect
      .poll(async () => (await request.get(`${paymentsURL}/api/health`).catch(() => undefined))?.status(), { timeout: 150_000, message: output.join('') })
      .toBe(200);
  });

  paymentsTest.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await Promise.all(fakes.map((fake) => fake.close()));
  });

  async function open(context: BrowserContext) {
    await recordCspViolations(context);
    const reached = await serveProviderSdks(context);
    const page = await context.newPage();
    return { page, reached, consoleReports: watchCspConsole(page) };
  }

  /** A new browser context past the gate with an entitled user, recording what open() records. */
  async function openSignedIn(browser: Browser) {
    const context = await browser.newContext({ baseURL: paymentsURL });
    await passBetaGate(context, paymentsURL);
    await registerUser(context, paymentsURL);
    return { context, ...(await open(context)) };
  }

  async function expectClean(page: Page, consoleReports: string[]) {
    await page.waitForLoadState('networkidle');
    expect(await cspViolations(page)).toEqual([]);
    expect(consoleReports).toEqual([]);
  }

  paymentsTest('checkout loads Stripe.js, its Elements frame and its API calls under the checkout policy', async ({ browser }) => {
    const context = await unsubscribedContext(browser, paymentsURL);
    const { page, reached, consoleReports } = await open(context);
    const { policy } = await expectPolicyHeaders(page, await checkoutPath(context, paymentsURL));
    expect(policy).toContain('https://js.stripe.com');
    await expect(page.locator('iframe[src^="https://js.stripe.com/"]')).toBeAttached();
    await expect.poll(() => reached.some((url) => url.startsWith('https://api.stripe.com/'))).toBe(true);
    expect(reached.some((url) => /^https:\/\/js\.stripe\.com\/.*stripe\.js/.test(url))).toBe(true);
    await expectClean(page, consoleReports);
    await context.close();
  });

  paymentsTest('billing loads each provider: Stripe Elements, PayPal Buttons with the nonce, Square card fields', async ({ browser }) => {
    const { context, page, reached, consoleReports } = await openSignedIn(browser);
    const { policy } = await expectPolicyHeaders(page, '/billing');
    for (const origin of ['https://js.stripe.com', 'https://*.paypal.com', 'https://sandbox.web.squarecdn.com', 'https://pci-connect.squareupsandbox.com']) expect(policy).toContain(origin);

    await page.getByTestId('billing-plan-enterprise').getByRole('button').click();
    const upgrade = page.getByTestId('upgrade-section');
    await expect(upgrade.locator('iframe[src^="https://js.stripe.com/"]')).toBeAttached();

    await upgrade.getByRole('tab', { name: 'PayPal' }).click();
    await expect(upgrade.locator('iframe[src^="https://www.paypal.com/"]')).toBeAttached();
    await expect.poll(() => page.evaluate(() => (window as { __paypalInlineRan?: boolean }).__paypalInlineRan === true)).toBe(true);
    await expect(upgrade.getByRole('img', { name: 'PayPal' })).toHaveJSProperty('complete', true);

    await upgrade.getByRole('tab', { name: 'Square' }).click();
    await expect(upgrade.locator('iframe[src^="https://sandbox.web.squarecdn.com/"]')).toBeAttached();
    await expect.poll(() => reached.some((url) => url.startsWith('https://pci-connect.squareupsandbox.com/'))).toBe(true);
    expect(reached.some((url) => url.startsWith('https://www.paypal.com/graphql'))).toBe(true);
    await expectClean(page, consoleReports);
    await context.close();
  });

  paymentsTest('a screen reached in the app first still loads the SDKs on billing, and other screens never allow them', async ({ browser }) => {
    const { context, page, consoleReports } = await openSignedIn(browser);
    const { policy } = await expectPolicyHeaders(page, '/dashboard');
    expect(policy).not.toMatch(/stripe|paypal|squarecdn/);
    expect(await page.locator('html').getAttribute('data-csp-scope')).toBe('site');
    expect((await page.request.get('/dashboard')).headers()['permissions-policy']).toContain('payment=()');

    // A client-side navigation keeps the dashboard's document (and its policy) unless the page reloads it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.locator('html')).toHaveAttribute('data-csp-scope', 'payments');
    await page.getByTestId('billing-plan-enterprise').getByRole('button').click();
    await expect(page.getByTestId('upgrade-section').locator('iframe[src^="https://js.stripe.com/"]')).toBeAttached();
    await expectClean(page, consoleReports);
    await context.close();
  });

  paymentsTest('the Stripe test page allows Stripe and the Payment Request API only for its providers', async ({ browser }) => {
    const { context, page, consoleReports } = await openSignedIn(browser);
    const response = await page.goto('/stripe-test');
    expect(response!.headers()['content-security-policy']).toContain('https://js.stripe.com');
    expect(response!.headers()['permissions-policy']).toContain('payment=(self "https://js.stripe.com"');
    await expect(page.locator('h1')).toBeVisible();
    await expectClean(page, consoleReports);
    await context.close();
  });
});
