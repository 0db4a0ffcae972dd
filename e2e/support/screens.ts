import { test as base, expect, type Browser, type BrowserContext, type Cookie } from '@playwright/test';
import { grantAdmin } from './admin';
import { demoBetaCode, passBetaGate, signedInPage, unsubscribedContext } from './session';

// Every screen of the product, each as the user it is meant for, and a test fixture that opens a
// browser context as that user. Shared by the browser-quality sweep (e2e/quality.spec.ts) and the
// Content-Security-Policy sweep (e2e/content-security-policy.spec.ts).

export type UserState = 'gate' | 'signed-out' | 'unsubscribed' | 'entitled' | 'admin';

export interface RouteCase {
  name: string;
  user: UserState;
  /** The path to open; resolved in the prepared context for paths that need real ids. */
  path: string | ((context: BrowserContext, baseURL: string) => Promise<string>);
}

async function firstReportPath(context: BrowserContext, baseURL: string): Promise<string> {
  const response = await context.request.get(`${baseURL}/api/reports`);
  expect(response.status()).toBe(200);
  const reports = (await response.json()) as Array<{ id: string; status: string }>;
  const ready = reports.find((report) => report.status === 'ready');
  expect(ready, 'a fresh install seeds shared reports').toBeTruthy();
  return `/reports/${ready!.id}`;
}

/** The checkout as the plans page links to it: the query of a real subscribe call. */
export async function checkoutPath(context: BrowserContext, baseURL: string): Promise<string> {
  const response = await context.request.post(`${baseURL}/api/create-subscription`, {
    data: { planId: 'professional', interval: 'month', amount: 199 },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { clientSecret, subscriptionId } = (await response.json()) as { clientSecret: string; subscriptionId: string };
  return `/checkout?${new URLSearchParams({ client_secret: clientSecret, subscription_id: subscriptionId, plan: 'professional', interval: 'month' })}`;
}

export const routes: RouteCase[] = [
  { name: 'beta gate', user: 'gate', path: '/' },
  { name: 'home', user: 'entitled', path: '/' },
  { name: 'dashboard', user: 'entitled', path: '/dashboard' },
  { name: 'signals', user: 'entitled', path: '/signals' },
  { name: 'analytics', user: 'entitled', path: '/analytics' },
  { name: 'reports', user: 'entitled', path: '/reports' },
  { name: 'report viewer', user: 'entitled', path: firstReportPath },
  { name: 'data sources', user: 'entitled', path: '/data-sources' },
  { name: 'billing (subscriber)', user: 'entitled', path: '/billing' },
  { name: 'billing (no plan)', user: 'unsubscribed', path: '/billing' },
  { name: 'subscription', user: 'unsubscribed', path: '/subscription' },
  { name: 'checkout', user: 'unsubscribed', path: checkoutPath },
  { name: 'stripe test', user: 'entitled', path: '/stripe-test' },
  { name: 'payment success', user: 'entitled', path: '/payment-success' },
  { name: 'settings', user: 'entitled', path: '/settings' },
  { name: 'api docs', user: 'entitled', path: '/api-docs' },
  { name: 'security', user: 'entitled', path: '/security' },
  { name: 'affiliate', user: 'entitled', path: '/affiliate' },
  { name: 'suggestions', user: 'entitled', path: '/suggestions' },
  { name: 'contact', user: 'signed-out', path: '/contact' },
  { name: 'contact (signed in)', user: 'entitled', path: '/contact' },
  { name: 'about', user: 'signed-out', path: '/about' },
  { name: 'login', user: 'signed-out', path: '/login' },
  { name: 'register', user: 'signed-out', path: '/register' },
  { name: 'terms of service', user: 'signed-out', path: '/terms-of-service' },
  { name: 'privacy policy', user: 'signed-out', path: '/privacy-policy' },
  // Where a refused influencer trial link lands, whoever opened it.
  { name: 'trial link not applied', user: 'signed-out', path: '/trial/unavailable?reason=expired' },
  { name: 'forgot password', user: 'signed-out', path: '/forgot-password' },
  { name: 'reset password (expired link)', user: 'signed-out', path: '/reset-password?token=expired' },
  { name: 'verify email', user: 'entitled', path: '/verify-email?token=abc' },
  { name: 'unsubscribe (invalid link)', user: 'signed-out', path: '/unsubscribe?token=abc' },
  // app/e2e-error is left out: it exists to throw.
];

/** One mail of the queue opened beside the list (registering the admin queued its verification mail). */
async function firstMailPath(context: BrowserContext, baseURL: string): Promise<string> {
  const response = await context.request.get(`${baseURL}/api/admin/outbox?limit=1`);
  expect(response.status()).toBe(200);
  const [mail] = (await response.json()) as { id: string }[];
  return `/admin/outbox?mail=${mail!.id}`;
}

/**
 * The admin-only screens (issue 28). Apart from `routes`: the admin role is granted on this machine's
 * database, so the deployment sweeps (content-security-policy.spec.ts) cannot open them.
 */
export const adminRoutes: RouteCase[] = [
  { name: 'mail outbox (admin)', user: 'admin', path: '/admin/outbox' },
  { name: 'mail outbox, one mail (admin)', user: 'admin', path: firstMailPath },
];

/** The cookies of one user in each state, made once per worker with the session helpers. */
async function cookiesFor(browser: Browser, baseURL: string, user: UserState): Promise<Cookie[]> {
  if (user === 'gate') return [];
  const context = user === 'unsubscribed' ? await unsubscribedContext(browser, baseURL) : await browser.newContext({ baseURL });
  try {
    if (user === 'signed-out') await passBetaGate(context, baseURL);
    if (user === 'entitled') await signedInPage(await context.newPage(), baseURL);
    if (user === 'admin') await grantAdmin(context, baseURL, await signedInPage(await context.newPage(), baseURL));
    return await context.cookies();
  } finally {
    await context.close();
  }
}

export const screenTest = base.extend<{ contextFor: (user: UserState) => Promise<BrowserContext> }, { userCookies: (user: UserState) => Promise<Cookie[]> }>({
  userCookies: [
    async ({ browser }, provide, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const made = new Map<UserState, Promise<Cookie[]>>();
      await provide((user) => {
        if (!made.has(user)) made.set(user, cookiesFor(browser, baseURL, user));
        return made.get(user)!;
      });
    },
    { scope: 'worker' },
  ],
  contextFor: async ({ browser, baseURL, userCookies }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (user) => {
      const context = await browser.newContext({ baseURL });
      contexts.push(context);
      await context.addCookies(await userCookies(user));
      if (user !== 'gate') {
        // The storage keys passing the gate leaves behind (as passBetaGate sets them); only in the
        // site's own frames: the PDF viewer's extension frame has no localStorage.
        await context.addInitScript((code) => {
          if (!location.protocol.startsWith('http')) return;
          window.localStorage.setItem('betaAccess', 'granted');
          window.localStorage.setItem('betaAccessCode', code);
        }, demoBetaCode);
      }
      return context;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

