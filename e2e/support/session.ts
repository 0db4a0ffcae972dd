import { expect, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';

// Shared e2e set-up through the product's own public API (no database access, no mocks).

/** A code the gate accepts: a deployment's own (QA_BETA_CODE) or the demo's first. */
export const demoBetaCode = process.env.QA_BETA_CODE ?? 'TREASURY2026';
let counter = 0;

export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}.${Date.now()}.${process.pid}.${counter}@example.com`;
}

/** Passes the beta gate the way the page does: server cookie plus the spec's storage keys. */
export async function passBetaGate(context: BrowserContext, baseURL: string) {
  await verifyBetaCode(context.request, baseURL);
  await context.addInitScript((code) => {
    window.localStorage.setItem('betaAccess', 'granted');
    window.localStorage.setItem('betaAccessCode', code);
  }, demoBetaCode);
}

/**
 * Passes the gate as passBetaGate does, but writes the storage keys once through `page` instead of by
 * an init script: Playwright runs init scripts in every frame, and a frame sandboxed without scripts
 * (the admin outbox's mail) then logs a refused script that is the harness's, not the page's.
 */
export async function passBetaGateOnce(page: Page, baseURL: string) {
  await verifyBetaCode(page.context().request, baseURL);
  await page.goto(`${baseURL}/about`);
  await page.evaluate((code) => {
    window.localStorage.setItem('betaAccess', 'granted');
    window.localStorage.setItem('betaAccessCode', code);
  }, demoBetaCode);
}

async function verifyBetaCode(request: APIRequestContext, baseURL: string) {
  const response = await request.post(`${baseURL}/api/beta/verify`, { data: { code: demoBetaCode }, headers: { origin: baseURL } });
  expect(response.status()).toBe(200);
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Registers (and so signs in) a user in this browser context; beta access makes it entitled. */
export async function registerUser(context: Pick<BrowserContext, 'request'>, baseURL: string, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = { email: uniqueEmail(), password: 'Vault-Ledger-2049', firstName: 'Ada', lastName: 'Lovelace', ...overrides };
  const response = await context.request.post(`${baseURL}/api/auth/register`, {
    data: { firstName: user.firstName, lastName: user.lastName, email: user.email, password: user.password },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { user: { id: string } };
  return { ...user, id: body.user.id };
}

/** Fills the registration form of the page it is on, as a person would, and sends it. */
export async function submitRegistrationForm(page: Page, user: Omit<TestUser, 'id'>) {
  await page.getByLabel('First Name').fill(user.firstName);
  await page.getByLabel('Last Name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** A fresh context that has passed the gate and holds a signed-in, entitled user. */
export async function signedInPage(page: Page, baseURL: string, overrides: Partial<TestUser> = {}) {
  await passBetaGate(page.context(), baseURL);
  return registerUser(page.context(), baseURL, overrides);
}

/**
 * A signed-in user past the gate but without a subscription or the beta flag: registered in a
 * context that never passed the gate (so the account gets no beta access), then given the gate cookie.
 */
export async function unsubscribedContext(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const gateContext = await browser.newContext();
  await passBetaGate(gateContext, baseURL);
  const gateCookie = (await gateContext.cookies()).find((cookie) => cookie.name === 'beta_access')!;
  await gateContext.close();
  const context = await browser.newContext({ baseURL, ...options });
  await registerUser(context, baseURL);
  await context.addCookies([gateCookie]);
  return context;
}

/** The Cookie header of a new entitled user, for a client that is no browser (a Node WebSocket opening /ws). */
export async function entitledCookieHeader(request: APIRequestContext, baseURL: string): Promise<string> {
  await verifyBetaCode(request, baseURL);
  await registerUser({ request }, baseURL);
  return cookieHeader(request);
}

/** What `request` would send as its Cookie header. */
export async function cookieHeader(request: APIRequestContext): Promise<string> {
  const { cookies } = await request.storageState();
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}
