import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { passBetaGate, signedInPage, submitRegistrationForm, unsubscribedContext, uniqueEmail } from './support/session';

// The Affiliate Program page (spec 000 §2, §8, §9; spec 001 §2, §8, §9): its tabs and figures,
// links that count clicks and registrations, and influencer trial links that grant 7 days.

async function openAffiliatePage(page: Page, baseURL: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signedInPage(page, baseURL);
  await page.goto('/affiliate');
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Program' })).toBeVisible();
}

async function clipboardText(page: Page) {
  return page.evaluate(() => navigator.clipboard.readText());
}

function statValue(page: Page, key: string) {
  return page.getByTestId(`stat-${key}`).locator('p.text-2xl');
}

/** Fills and sends the registration form of the page it is on. */
async function registerThroughForm(page: Page) {
  await expect(page.getByText('Create Account').first()).toBeVisible();
  await submitRegistrationForm(page, { firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail('referred'), password: 'Orange-Ledger-7781' });
  await expect(page.getByText('Your account has been created successfully.')).toBeVisible();
}

/** Someone else follows the link in a browser of their own, past the gate, and registers where it leads. */
async function registerFromLink(browser: Browser, baseURL: string, link: string): Promise<BrowserContext> {
  const visitor = await browser.newContext({ baseURL });
  await passBetaGate(visitor, baseURL);
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(link);
  await expect(visitorPage).toHaveURL('/register');
  await registerThroughForm(visitorPage);
  await expect(visitorPage).toHaveURL('/');
  return visitor;
}

async function currentUser(context: BrowserContext, baseURL: string) {
  const response = await context.request.get(`${baseURL}/api/auth/user`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { subscriptionStatus: string; subscriptionTier: string | null; subscriptionEndsAt: string | null };
}

async function generateTrialLink(page: Page, baseURL: string) {
  await page.getByRole('tab', { name: 'Influencer Program' }).click();
  await page.getByRole('button', { name: 'Generate Trial Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Influencer Trial Created' })).toContainText('7-day trial link copied to clipboard');
  const trialLink = await page.getByRole('textbox', { name: 'Trial link' }).inputValue();
  expect(trialLink).toMatch(new RegExp(`^${baseURL}/trial/[A-Za-z0-9_-]{43}$`));
  return trialLink;
}

test('the four tabs show the programme’s figures in the spec’s words', async ({ page, baseURL }) => {
  await openAffiliatePage(page, baseURL!);
  const tabs = page.getByRole('tablist', { name: 'Affiliate program' }).getByRole('tab');
  await expect(tabs).toHaveText(['Dashboard', 'Affiliate Links', 'Influencer Program', 'Resources']);

  // Dashboard: the user's own (so far empty) figures and the $199 Enterprise reading.
  await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
  for (const [key, value] of [
    ['totalReferrals', '0'],
    ['activeReferrals', '0'],
    ['totalCommissions', '$0.00'],
    ['pendingCommissions', '$0.00'],
    ['conversionRate', '0%'],
    ['clickThroughRate', '0%'],
  ]) {
    await expect(statValue(page, key!)).toHaveText(value!);
  }
  const dashboard = page.getByRole('tabpanel', { name: 'Dashboard' });
  await expect(dashboard.getByText('50% recurring commission on every monthly payment')).toBeVisible();
  await expect(dashboard.getByRole('row', { name: /Premium/ })).toHaveText(/Premium\s*\$99 per month\s*\(\$49\.50 commission\)/);
  await expect(dashboard.getByRole('row', { name: /Enterprise/ })).toHaveText(/Enterprise\s*\$199 per month\s*\(\$99\.50 commission\)/);

  await page.getByRole('tab', { name: 'Affiliate Links' }).click();
  await expect(page.getByText('No affiliate links yet')).toBeVisible();

  await page.getByRole('tab', { name: 'Influencer Program' }).click();
  const influencer = page.getByRole('tabpanel', { name: 'Influencer Program' });
  await expect(influencer.getByText('Each trial link grants 7 days of the Professional plan, starting when it is redeemed.')).toBeVisible();
  await expect(influencer.getByText(/non-transferrable/)).toBeVisible();

  // Resources: the other reading of Enterprise, $299.
  await page.getByRole('tab', { name: 'Resources' }).click();
  const resources = page.getByRole('tabpanel', { name: 'Resources' });
  await expect(resources.getByText('Marketing Guidelines')).toBeVisible();
  await expect(resources.getByRole('row', { name: /Enterprise/ })).toHaveText(/Enterprise\s*\$299 per month\s*\(\$149\.50 commission\)/);
  await expect(resources.getByRole('row', { name: /Premium/ })).toHaveText(/Premium\s*\$99 per month\s*\(\$49\.50 commission\)/);
});

test('a new link is created, listed and copied; a visit through it and a registration show in the stats', async ({ page, baseURL, browser }) => {
  test.setTimeout(90_000);
  await openAffiliatePage(page, baseURL!);
  await page.getByRole('tab', { name: 'Affiliate Links' }).click();

  await page.getByRole('button', { name: 'Create Link' }).click();
  await expect(page.getByText('Please enter a link name')).toBeVisible();

  await page.getByLabel('Link name').fill('Newsletter');
  await page.getByRole('button', { name: 'Create Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Affiliate Link Created' })).toBeVisible();
  await expect(page.getByLabel('Link name')).toHaveValue('');
  const item = page.getByRole('list', { name: 'Affiliate links' }).getByRole('listitem', { name: 'Newsletter' });
  await expect(item.getByRole('switch', { name: 'Newsletter active' })).toBeChecked();
  const url = await item.getByRole('textbox', { name: 'URL of Newsletter' }).inputValue();
  expect(url).toMatch(new RegExp(`^${baseURL}/r/[a-z0-9]{10}$`));
  await item.getByRole('button', { name: 'Copy URL of Newsletter' }).click();
  await expect(item.getByText('Copied')).toBeAttached();
  expect(await clipboardText(page)).toBe(url);

  const visitor = await registerFromLink(browser, baseURL!, url);
  await visitor.close();

  await page.reload();
  await expect(statValue(page, 'totalReferrals')).toHaveText('1');
  await expect(statValue(page, 'clickThroughRate')).toHaveText('100%');
  await expect(statValue(page, 'conversionRate')).toHaveText('0%');
  await expect(statValue(page, 'totalCommissions')).toHaveText('$0.00');
  await page.getByRole('tab', { name: 'Affiliate Links' }).click();
  await expect(item.getByTestId('link-clicks')).toHaveText('1');
  await expect(item.getByTestId('link-conversions')).toHaveText('0');
});

test('an influencer trial link is copied, gives one account 7 days of the Professional plan, then is spent', async ({ page, baseURL, browser }) => {
  test.setTimeout(90_000);
  await openAffiliatePage(page, baseURL!);
  const trialLink = await generateTrialLink(page, baseURL!);
  expect(await clipboardText(page)).toBe(trialLink);

  // An unsubscribed account is sent to the plans page, until it opens the trial link.
  const influencer = await unsubscribedContext(browser, baseURL!);
  const influencerPage = await influencer.newPage();
  await influencerPage.goto('/dashboard');
  await expect(influencerPage).toHaveURL('/subscription');
  await influencerPage.goto(trialLink);
  await expect(influencerPage).toHaveURL('/dashboard');
  await expect(influencerPage.getByRole('heading', { level: 1 })).toBeVisible();
  const user = await currentUser(influencer, baseURL!);
  expect(user).toMatchObject({ subscriptionStatus: 'trial', subscriptionTier: 'Professional' });
  const days = (Date.parse(user.subscriptionEndsAt!) - Date.now()) / (24 * 60 * 60 * 1000);
  expect(days).toBeGreaterThan(6.99);
  expect(days).toBeLessThanOrEqual(7);
  await influencer.close();

  // The link works once: anyone else reads why it did not apply.
  const latecomer = await browser.newContext({ baseURL });
  await passBetaGate(latecomer, baseURL!);
  const latecomerPage = await latecomer.newPage();
  await latecomerPage.goto(trialLink);
  await expect(latecomerPage).toHaveURL('/trial/unavailable?reason=used');
  await expect(latecomerPage.getByRole('heading', { name: 'Trial link not applied' })).toBeVisible();
  await expect(latecomerPage.getByText('This trial link has already been used. Each trial link works once.')).toBeVisible();
  await expect(latecomerPage.getByRole('link', { name: 'Create an account' })).toBeVisible();
  await latecomer.close();
});

test('a signed-out influencer who opens a trial link gets the trial with the account they register', async ({ page, baseURL, browser }) => {
  test.setTimeout(90_000);
  await openAffiliatePage(page, baseURL!);
  const trialLink = await generateTrialLink(page, baseURL!);

  const visitor = await registerFromLink(browser, baseURL!, trialLink);
  expect(await currentUser(visitor, baseURL!)).toMatchObject({ subscriptionStatus: 'trial', subscriptionTier: 'Professional' });
  await visitor.close();
});

test('when the browser refuses the clipboard, the link stays on screen and Copy Failed says so', async ({ page, baseURL }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
  });
  await openAffiliatePage(page, baseURL!);
  await page.getByRole('tab', { name: 'Influencer Program' }).click();
  await page.getByRole('button', { name: 'Generate Trial Link' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Copy Failed' });
  await expect(alert).toContainText('Unable to copy to clipboard. Please manually copy the link.');
  await expect(page.getByRole('textbox', { name: 'Trial link' })).toHaveValue(/\/trial\/[A-Za-z0-9_-]{43}$/);
});
