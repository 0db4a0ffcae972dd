import { expect, type BrowserContext, type Page } from '@playwright/test';

// Shared e2e set-up through the product's own public API (no database access, no mocks).

export const demoBetaCode = 'TREASURY2026';
let counter = 0;

export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}.${Date.now()}.${process.pid}.${counter}@example.com`;
}

/** Passes the beta gate the way the page does: server cookie plus the spec's storage keys. */
export async function passBetaGate(context: BrowserContext, baseURL: string) {
  const response = await context.request.post(`${baseURL}/api/beta/verify`, { data: { code: demoBetaCode }, headers: { origin: baseURL } });
  expect(response.status()).toBe(200);
  await context.addInitScript((code) => {
    window.localStorage.setItem('betaAccess', 'granted');
    window.localStorage.setItem('betaAccessCode', code);
  }, demoBetaCode);
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Registers (and so signs in) a user in this browser context; beta access makes it entitled. */
export async function registerUser(context: BrowserContext, baseURL: string, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = { email: uniqueEmail(), password: 'Vault-Ledger-2049', firstName: 'Ada', lastName: 'Lovelace', ...overrides };
  const response = await context.request.post(`${baseURL}/api/auth/register`, {
    data: { firstName: user.firstName, lastName: user.lastName, email: user.email, password: user.password },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { user: { id: string } };
  return { ...user, id: body.user.id };
}

/** A fresh context that has passed the gate and holds a signed-in, entitled user. */
export async function signedInPage(page: Page, baseURL: string, overrides: Partial<TestUser> = {}) {
  await passBetaGate(page.context(), baseURL);
  return registerUser(page.context(), baseURL, overrides);
}
