import { execFileSync } from 'node:child_process';
import { expect, type BrowserContext } from '@playwright/test';
import { serverDatabaseUrl } from '../../playwright.config';
import type { TestUser } from './session';

// The admin role as an operator grants it (README: `npm run admin:grant -- <email>`), on the local
// server's database: a deployment's admin account is made there by its operator, not by a suite.

export async function grantAdmin(context: BrowserContext, baseURL: string, user: TestUser) {
  execFileSync('npm', ['run', '--silent', 'admin:grant', '--', user.email], { env: { ...process.env, DATABASE_URL: serverDatabaseUrl }, stdio: 'pipe' });
  // A fresh sign-in: the server keeps a session's row in memory for up to 30 s when the writer
  // (this command, without Redis) cannot tell it of the change.
  const response = await context.request.post(`${baseURL}/api/auth/login`, { data: { email: user.email, password: user.password }, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(200);
}
