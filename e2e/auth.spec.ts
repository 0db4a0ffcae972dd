import { expect, test, type Page } from '@playwright/test';
import { demoBetaCode, passBetaGate, registerUser, signedInPage, submitRegistrationForm, uniqueEmail } from './support/session';
import { nextTotp, totp } from './support/totp';

// Sign-in, registration, account settings and two-factor security (spec 000 §2, §4, §5, §8).

async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  // Logout clears the browser's storage, the beta access with it (spec 000 §4): the gate shows again.
  await page.getByLabel('Invitation Code').fill(demoBetaCode);
  await page.getByRole('button', { name: 'Access Platform' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

/** Runs the 4-step wizard from /security and returns the secret and backup codes. */
async function enableTwoFactor(page: Page) {
  await page.goto('/security');
  await expect(page.getByTestId('mfa-status-badge')).toHaveText('Disabled');
  await page.getByRole('button', { name: 'Enable 2FA' }).click();
  const wizard = page.getByRole('dialog', { name: 'Set Up Two-Factor Authentication' });
  await expect(wizard.getByText('Step 1 of 4')).toBeVisible();
  await wizard.getByRole('button', { name: 'Set Up 2FA' }).click();
  await expect(wizard.getByText('Step 2 of 4')).toBeVisible();
  await expect(wizard.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await wizard.getByTestId('mfa-manual-key').inputValue()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await wizard.getByRole('button', { name: "I've Added the Account" }).click();
  await expect(wizard.getByText('Step 3 of 4')).toBeVisible();
  await wizard.getByLabel('Verification Code').fill(totp(secret));
  await wizard.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('MFA Enabled', { exact: true })).toBeVisible();
  await expect(wizard.getByText('Step 4 of 4')).toBeVisible();
  const backupCodes = await wizard.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts();
  expect(backupCodes).toHaveLength(10);
  await wizard.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(wizard).toHaveCount(0);
  await expect(page.getByTestId('mfa-status-badge')).toHaveText('Enabled');
  await expect(page.getByTestId('backup-codes-remaining')).toHaveText('10 backup codes remaining');
  return { secret, backupCodes };
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a new visitor passes the gate, registers, sets up 2FA, signs out and needs the second factor to sign back in', { tag: '@deployment' }, async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await page.getByLabel('Invitation Code').fill(demoBetaCode.toLowerCase());
  await page.getByRole('button', { name: 'Access Platform' }).click();
  await expect(page).toHaveURL('/login');

  await page.getByRole('link', { name: 'Create one' }).click();
  await expect(page).toHaveURL('/register');
  const email = uniqueEmail('flow');
  const password = 'Orange-Ledger-7781';
  await submitRegistrationForm(page, { firstName: 'Grace', lastName: 'Hopper', email, password });
  await expect(page.getByText('Your account has been created successfully.')).toBeVisible();
  // The beta code entered at the gate is an entitlement of the account: the dashboard opens.
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Early Discovery Intelligence Dashboard' })).toBeVisible();
  await expect(page.getByText('Beta Access').first()).toBeAttached();

  const { secret, backupCodes } = await enableTwoFactor(page);
  const cookiesBeforeLogout = await page.context().cookies();
  await signOut(page);

  // A cookie copied before logout is refused after it.
  const stale = await page.context().browser()!.newContext();
  await stale.addCookies(cookiesBeforeLogout);
  expect((await stale.request.get(`${baseURL}/api/auth/user`)).status()).toBe(401);
  await stale.close();

  // The password alone gives no session: the verification dialog asks for the second factor.
  await fillLogin(page, email, password);
  const dialog = page.getByRole('dialog', { name: 'Two-Factor Authentication' });
  await expect(dialog).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await expect(dialog.getByRole('tab', { name: 'Authenticator' })).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Backup Code' })).toBeVisible();

  await dialog.getByLabel('Authentication Code').fill('12345');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please enter a 6-digit code from your authenticator app.')).toBeVisible();

  const wrong = String((Number(nextTotp(secret)) + 1) % 1_000_000).padStart(6, '0');
  await dialog.getByLabel('Authentication Code').fill(wrong);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid code. Please check your authenticator app and try again.')).toBeVisible();

  await dialog.getByLabel('Authentication Code').fill(nextTotp(secret));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Access granted.')).toBeVisible();
  await expect(page).toHaveURL('/');
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);

  // A backup code signs in once.
  await signOut(page);
  await fillLogin(page, email, password);
  await page.getByRole('tab', { name: 'Backup Code' }).click();
  await page.getByRole('textbox', { name: 'Backup Code' }).fill(backupCodes[0]!.toLowerCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
  await signOut(page);
  await fillLogin(page, email, password);
  await page.getByRole('tab', { name: 'Backup Code' }).click();
  await page.getByRole('textbox', { name: 'Backup Code' }).fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid backup code. Please try another one.')).toBeVisible();
});

test('the login form validates, toggles the password and reports failures', { tag: '@deployment' }, async ({ page, baseURL }) => {
  await passBetaGate(page.context(), baseURL!);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  const passwordField = page.getByLabel('Password', { exact: true });
  await passwordField.fill('secret-value');
  await expect(passwordField).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(passwordField).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(passwordField).toHaveAttribute('type', 'password');

  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});

test('the register form shows every rule of 000 §5 and refuses a common password', { tag: '@deployment' }, async ({ page, baseURL }) => {
  await passBetaGate(page.context(), baseURL!);
  await page.goto('/register');
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  await page.getByRole('button', { name: 'Create Account' }).click();
  for (const message of ['First name is required', 'Last name is required', 'Please enter a valid email', 'Password must be at least 8 characters']) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await submitRegistrationForm(page, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('common'), password: 'password123' });
  await expect(page.getByText('Registration failed')).toBeVisible();
  await expect(page.getByText(/too common/i).first()).toBeVisible();
});

test('the 11th failed login in a row is answered 429', { tag: '@deployment' }, async ({ request, baseURL }) => {
  const email = uniqueEmail('throttle');
  const headers = { origin: baseURL! };
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    const response = await request.post('/api/auth/login', { data: { email, password: 'wrong-password' }, headers });
    expect(response.status(), `attempt ${attempt}`).toBe(401);
  }
  const eleventh = await request.post('/api/auth/login', { data: { email, password: 'wrong-password' }, headers });
  expect(eleventh.status()).toBe(429);
  expect((await eleventh.json()).message).toMatch(/Too many failed attempts/);
});

test('account settings shows the profile read-only and changes the password under its four rules', { tag: '@deployment' }, async ({ page, baseURL }) => {
  const user = await signedInPage(page, baseURL!);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByText('Subscription Tier')).toBeVisible();

  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expect(page.getByText('New password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Please confirm your new password')).toBeVisible();
  await page.getByLabel('Current Password').fill(user.password);
  await page.getByLabel('New Password', { exact: true }).fill('Copper-Kettle-5510');
  await page.getByLabel('Confirm New Password').fill('Copper-Kettle-5511');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('Confirm New Password').fill('Copper-Kettle-5510');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password Change Failed')).toBeVisible();

  await page.getByLabel('Current Password').fill(user.password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password Changed', { exact: true })).toBeVisible();
  // This browser stays signed in; the new password works and the old one does not.
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  const headers = { origin: baseURL! };
  const fresh = await page.context().browser()!.newContext();
  expect((await fresh.request.post(`${baseURL}/api/auth/login`, { data: { email: user.email, password: user.password }, headers })).status()).toBe(401);
  expect((await fresh.request.post(`${baseURL}/api/auth/login`, { data: { email: user.email, password: 'Copper-Kettle-5510' }, headers })).status()).toBe(200);
  await fresh.close();
});

test('security settings: risk banner, backup code regeneration, and disabling 2FA through the dialog', { tag: '@deployment' }, async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await signedInPage(page, baseURL!);
  await page.goto('/security');
  await expect(page.getByRole('status', { name: 'Security risk level' })).toContainText('Medium');
  for (const label of ['Two-Factor Authentication', 'Password Protection', 'Account Verified']) {
    await expect(page.getByRole('listitem').filter({ hasText: label })).toBeVisible();
  }
  const { secret } = await enableTwoFactor(page);
  await expect(page.getByRole('status', { name: 'Security risk level' })).toContainText('Low');

  await page.getByRole('button', { name: 'Regenerate Backup Codes' }).click();
  await expect(page.getByText('Backup Codes Regenerated')).toBeVisible();
  await expect(page.getByText('New Backup Codes')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.txt$/);

  await page.getByRole('button', { name: 'Disable 2FA' }).click();
  const dialog = page.getByRole('dialog', { name: "Confirm It's You" });
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Code Required')).toBeVisible();
  await dialog.getByLabel('Authentication Code').fill(nextTotp(secret));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('MFA Disabled')).toBeVisible();
  await expect(page.getByTestId('mfa-status-badge')).toHaveText('Disabled');
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
});

test('disabling 2FA without passing the dialog is refused by the server', { tag: '@deployment' }, async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
  await enableTwoFactor(page);
  const response = await page.request.post('/api/auth/mfa/disable', { data: { verificationCode: 'VERIFIED' }, headers: { origin: baseURL! } });
  expect(response.status()).toBe(403);
  await page.reload();
  await expect(page.getByTestId('mfa-status-badge')).toHaveText('Enabled');
});

test('the MFA prompt shows on the dashboard, links to /security and stays dismissed', { tag: '@deployment' }, async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
  await page.goto('/');
  const prompt = page.getByRole('dialog', { name: 'Secure Your Account' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('link', { name: 'Enable 2FA' })).toHaveAttribute('href', '/security');
  await prompt.getByRole('button', { name: "Don't show again" }).click();
  await expect(prompt).toHaveCount(0);
  await expect.poll(async () => (await (await page.request.get('/api/auth/mfa/status')).json()).promptDismissed).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Early Discovery Intelligence Dashboard' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Secure Your Account' })).toHaveCount(0);
});

test('the user menu links to settings and security and signs out to /login, where the gate shows again', { tag: '@deployment' }, async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!, { firstName: 'Katherine', lastName: 'Johnson' });
  await page.goto('/signals');
  await page.getByRole('button', { name: 'Account menu for Katherine Johnson' }).click();
  await expect(page.getByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute('href', '/settings');
  await expect(page.getByRole('menuitem', { name: 'Security' })).toHaveAttribute('href', '/security');
  await page.keyboard.press('Escape');
  await page.evaluate(() => sessionStorage.setItem('scratch', '1'));
  await page.getByRole('button', { name: 'Account menu for Katherine Johnson' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  // Spec 000 §4: logout clears local and session storage, the stored beta access included.
  expect(await page.evaluate(() => [sessionStorage.getItem('scratch'), localStorage.getItem('betaAccess')])).toEqual([null, null]);
  await expect(page.getByRole('button', { name: 'Access Platform' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});

test('an account registered without the gate cookie but signing in through it keeps beta access', { tag: '@deployment' }, async ({ browser, baseURL }) => {
  const plain = await browser.newContext();
  const user = await registerUser(plain, baseURL!);
  expect((await (await plain.request.get(`${baseURL}/api/auth/user`)).json()).betaAccess).toBe(false);
  await plain.close();

  const gated = await browser.newContext();
  await passBetaGate(gated, baseURL!);
  const page = await gated.newPage();
  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL('/');
  expect((await (await page.request.get('/api/auth/user')).json()).betaAccess).toBe(true);
  await gated.close();
});
