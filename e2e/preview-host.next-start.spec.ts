import { chromium, expect, test, type Browser } from '@playwright/test';
import { demoBetaCode, submitRegistrationForm, uniqueEmail } from './support/session';

// A preview deployment is opened at its own generated host name, configured nowhere (no
// NEXTAUTH_URL, no ALLOWED_ORIGINS). Against plain `next start` (the Vercel path), reached under a
// second host name that the browser resolves to this machine, the whole way in and out works:
// beta gate, registration, dashboard, sign-out, sign-in, next-auth's own redirects, the cookies,
// and the cross-origin check, which accepts this host and still refuses another.

const previewHost = 'preview-abc.example.test';
let browser: Browser;

test.beforeAll(async ({ baseURL }) => {
  const port = new URL(baseURL!).port;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=MAP ${previewHost} 127.0.0.1`,
    ],
  });
  expect(port).not.toBe('');
});

test.afterAll(async () => {
  await browser?.close();
});

test('gate, registration, dashboard, sign-out and sign-in work on a host name nobody configured', async ({ baseURL }) => {
  test.setTimeout(90_000);
  const port = new URL(baseURL!).port;
  const previewURL = `http://${previewHost}:${port}`;
  const context = await browser.newContext({ baseURL: previewURL });
  const page = await context.newPage();

  await page.goto('/');
  await page.getByLabel('Invitation Code').fill(demoBetaCode);
  await page.getByRole('button', { name: 'Access Platform' }).click();
  await expect(page).toHaveURL(`${previewURL}/login`);

  await page.getByRole('link', { name: 'Create one' }).click();
  await expect(page).toHaveURL(`${previewURL}/register`);
  const email = uniqueEmail('preview');
  const password = 'Preview-Ledger-4410';
  await submitRegistrationForm(page, { firstName: 'Katherine', lastName: 'Johnson', email, password });
  await expect(page).toHaveURL(`${previewURL}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Early Discovery Intelligence Dashboard' })).toBeVisible();

  // The cookies belong to the preview host, as host-only cookies (no Domain attribute).
  const cookies = await context.cookies(previewURL);
  for (const name of ['beta_access', 'next-auth.session-token']) {
    expect(cookies.find((cookie) => cookie.name === name), name).toMatchObject({ domain: previewHost, httpOnly: true, sameSite: 'Lax' });
  }
  // The page is served under a policy that lets the realtime client connect back to this host.
  // (Requests from the page itself, so they go to the host the browser resolved.)
  const policy = await page.evaluate(async () => (await fetch('/dashboard')).headers.get('content-security-policy'));
  expect(policy).toContain(`ws://${previewHost}:${port}`);

  // next-auth's own endpoints build their redirects on the preview host, not on localhost:3000.
  const nextAuth = await page.evaluate(async () => {
    const session = (await (await fetch('/api/auth/session')).json()) as { user?: { email: string } };
    const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
    const signIn = await fetch('/api/auth/signin/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, json: 'true' }),
    });
    return { email: session.user?.email, signInUrl: ((await signIn.json()) as { url: string }).url };
  });
  expect(nextAuth.email).toBe(email);
  expect(nextAuth.signInUrl.startsWith(`${previewURL}/`)).toBe(true);

  // The same requests from outside the browser, to the same server under the preview Host header.
  const direct = `http://127.0.0.1:${port}`;
  const signInPage = await page.request.get(`${direct}/api/auth/signin`, { headers: { host: `${previewHost}:${port}` }, maxRedirects: 0 });
  const location = new URL(signInPage.headers().location ?? '', previewURL);
  expect([location.origin, location.pathname, location.searchParams.get('callbackUrl')]).toEqual([previewURL, '/login', previewURL]);
  // The cross-origin check takes the preview host for our own and another origin still for a stranger.
  const asPreview = (origin: string) => page.request.post(`${direct}/api/beta/verify`, { headers: { host: `${previewHost}:${port}`, origin }, data: { code: demoBetaCode } });
  expect((await asPreview(previewURL)).status()).toBe(200);
  expect((await asPreview(direct)).status()).toBe(403);

  await page.goto('/');
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${previewURL}/login`);
  expect(await page.evaluate(async () => (await fetch('/api/auth/user')).status)).toBe(401);
  // Sign-out clears the beta access with the rest of the browser's storage (spec 000 §4): the gate again.
  await page.getByLabel('Invitation Code').fill(demoBetaCode);
  await page.getByRole('button', { name: 'Access Platform' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${previewURL}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Early Discovery Intelligence Dashboard' })).toBeVisible();
  await context.close();
});
