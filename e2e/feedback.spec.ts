import { expect, test, type Page } from '@playwright/test';
import { holdRequests } from './support/held-requests';
import { passBetaGate, signedInPage } from './support/session';

// Contact Us and Feature Suggestions (spec 000 §2, §4, §5, §8): form, validation, toasts, success
// view and the way back to an empty form.

/** Opens a labelled select and picks an option with the mouse. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByLabel(label, { exact: true })).toHaveText(option);
}

/**
 * Opens the focused select with Enter and picks an option by typeahead. The list takes the focus a
 * frame after it appears, and keys typed before that are lost, so typing waits for a focused option.
 */
async function pickByTyping(page: Page, typed: string, option: string) {
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox').getByRole('option').and(page.locator(':focus'))).toHaveCount(1);
  await page.keyboard.type(typed);
  await expect(page.getByRole('option', { name: option, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
}

/** Opens a labelled select, checks its options in their order and closes it again. */
async function expectOptions(page: Page, label: string, options: string[]) {
  await page.getByLabel(label, { exact: true }).click();
  await expect(page.getByRole('option')).toHaveText(options);
  await page.keyboard.press('Escape');
}

/** Each labelled field is marked invalid and read out with its message. */
async function expectFieldErrors(page: Page, expected: [label: string, message: string][]) {
  for (const [label, message] of expected) {
    const field = page.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(message);
  }
}

const toast = (page: Page) => page.locator('[data-slot="toast"]');

test.describe('Contact Us', () => {
  test.beforeEach(async ({ page, baseURL }) => passBetaGate(page.context(), baseURL!));

  test('shows the form, the reply time and the business hours', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    for (const label of ['Name', 'Email', 'Subject', 'Urgency', 'Message']) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    await expect(page.getByText('We reply within 24 hours.')).toBeVisible();
    await expect(page.getByText('Mon-Fri 9AM-6PM EST')).toBeVisible();
    await expect(page.getByRole('link', { name: /^support@/ })).toHaveAttribute('href', /^mailto:support@/);
    await expectOptions(page, 'Subject', ['Technical Support', 'Billing', 'Data Request', 'Feature Request', 'Partnership', 'General Inquiry', 'Other']);
    await expectOptions(page, 'Urgency', ['Low', 'Medium', 'High', 'Critical']);
  });

  test('shows every validation message on its field and sends nothing', async ({ page }) => {
    let posted = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact') && request.method() === 'POST') posted += 1;
    });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectFieldErrors(page, [
      ['Name', 'Name must be at least 2 characters'],
      ['Email', 'Please enter a valid email'],
      ['Subject', 'Please select a subject'],
      ['Urgency', 'Please select urgency level'],
      ['Message', 'Message must be at least 10 characters'],
    ]);
    await page.getByLabel('Name', { exact: true }).fill('A');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Message', { exact: true }).fill('Too short');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
    await choose(page, 'Subject', 'Billing');
    await expect(page.getByText('Please select a subject')).toHaveCount(0);
    expect(posted).toBe(0);
  });

  test('can be filled and sent from the keyboard alone, then the success view leads back to an empty form', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).focus();
    await page.keyboard.type('Grace Hopper');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await page.keyboard.type('grace@example.com');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Subject', { exact: true })).toBeFocused();
    await pickByTyping(page, 'Data', 'Data Request');
    await expect(page.getByLabel('Subject', { exact: true })).toHaveText('Data Request');
    // Closing the list hands focus back to its trigger, so Tab carries on through the form.
    await expect(page.getByLabel('Subject', { exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Urgency', { exact: true })).toBeFocused();
    await pickByTyping(page, 'High', 'High');
    await expect(page.getByLabel('Urgency', { exact: true })).toHaveText('High');
    await expect(page.getByLabel('Urgency', { exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Message', { exact: true })).toBeFocused();
    await page.keyboard.type('Please add the Q3 filings for every tracked company.');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(toast(page)).toContainText('Message Sent');
    await expect(toast(page)).toContainText("Thank you for contacting us. We'll get back to you within 24 hours.");
    const success = page.getByRole('heading', { level: 2, name: 'Thank you for reaching out!' });
    await expect(success).toBeFocused();
    await expect(page.getByText('Our support team replies within 24 hours.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Message' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Subject', { exact: true })).toHaveText('Select a subject');
    await expect(page.getByLabel('Urgency', { exact: true })).toHaveText('Select urgency level');
  });

  test('says Sending... while the message is on its way', async ({ page }) => {
    const release = await holdRequests(page, '**/api/contact');
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
    await choose(page, 'Subject', 'General Inquiry');
    await choose(page, 'Urgency', 'Low');
    await page.getByLabel('Message', { exact: true }).fill('Just saying hello to the team.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await expect(page.getByRole('heading', { name: 'Thank you for reaching out!' })).toBeVisible();
  });

  test('shows Send Failed with the server message, or the fallback when the server gives none', async ({ page, context }) => {
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
    await choose(page, 'Subject', 'Technical Support');
    await choose(page, 'Urgency', 'Critical');
    await page.getByLabel('Message', { exact: true }).fill('The dashboard does not load for me.');

    // The network drops: no server message, so the spec's fallback.
    await page.route('**/api/contact', (route) => route.abort());
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page)).toContainText('Send Failed');
    await expect(toast(page)).toContainText('Unable to send message. Please try again.');
    await page.unroute('**/api/contact');

    // The server refuses (the gate cookie is gone): its own message is shown, and the form keeps its values.
    await context.clearCookies({ name: 'beta_access' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page)).toContainText('Beta access is required. Please enter your invitation code.');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('The dashboard does not load for me.');
  });

  test('the API refuses a cookie-carrying POST from another site', async ({ page, baseURL }) => {
    await page.goto('/contact');
    const body = { name: 'Grace Hopper', email: 'grace@example.com', subject: 'general', message: 'Sent from somewhere else.', urgency: 'low' };
    const foreign = await page.request.post(`${baseURL}/api/contact`, { data: body, headers: { origin: 'https://evil.example' } });
    expect(foreign.status()).toBe(403);
    const same = await page.request.post(`${baseURL}/api/contact`, { data: body, headers: { origin: baseURL! } });
    expect(same.status()).toBe(201);
    expect(await same.json()).toEqual({ success: true, id: expect.any(String) });
  });
});

test('Contact Us fills in a signed-in user’s name and email', async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!, { firstName: 'Ada', lastName: 'Lovelace' });
  await page.goto('/contact');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(/@example\.com$/);
});

test.describe('Feature Suggestions', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signedInPage(page, baseURL!);
    await page.goto('/suggestions');
    await expect(page.getByRole('heading', { level: 1, name: 'Feature Suggestions' })).toBeVisible();
  });

  test('offers the spec’s categories and priorities, with the email optional', async ({ page }) => {
    for (const label of ['Category', 'Priority', 'Title', 'Description', 'Email (optional)']) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expectOptions(page, 'Category', ['Data Sources', 'Dashboard', 'Analytics', 'Alerts & Notifications', 'UI/UX', 'Integrations', 'Mobile', 'Other']);
    await expectOptions(page, 'Priority', ['Low', 'Medium', 'High', 'Critical']);
  });

  test('shows every validation message on its field', async ({ page }) => {
    await page.getByRole('button', { name: 'Submit Suggestion' }).click();
    await expectFieldErrors(page, [
      ['Category', 'Please select a category'],
      ['Priority', 'Please select a priority level'],
      ['Title', 'Title must be at least 3 characters'],
      ['Description', 'Please provide a detailed description (minimum 10 characters)'],
    ]);
    // An empty email is fine; a malformed one is not.
    await expect(page.getByLabel('Email (optional)')).toHaveAttribute('aria-invalid', 'false');
    await page.getByLabel('Email (optional)').fill('not-an-email');
    await page.getByLabel('Title', { exact: true }).fill('ab');
    await page.getByLabel('Description', { exact: true }).fill('Too short');
    await page.getByRole('button', { name: 'Submit Suggestion' }).click();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page.getByText('Title must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Please provide a detailed description (minimum 10 characters)')).toBeVisible();
  });

  test('submits, shows the success view, and Submit Another Suggestion brings back an empty form', async ({ page }) => {
    await choose(page, 'Category', 'Analytics');
    await choose(page, 'Priority', 'High');
    await page.getByLabel('Title', { exact: true }).fill('Cost basis chart');
    await page.getByLabel('Description', { exact: true }).fill('Show the average cost basis per company over time.');
    await page.getByRole('button', { name: 'Submit Suggestion' }).click();

    await expect(toast(page)).toContainText('Suggestion Submitted');
    await expect(toast(page)).toContainText("Thank you for your feedback! We'll review your suggestion.");
    await expect(page.getByRole('heading', { level: 2, name: 'Thank you for your suggestion!' })).toBeFocused();

    await page.getByRole('button', { name: 'Submit Another Suggestion' }).click();
    await expect(page.getByLabel('Category', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Category', { exact: true })).toHaveText('Select a category');
    await expect(page.getByLabel('Priority', { exact: true })).toHaveText('Select a priority level');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Description', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Email (optional)')).toHaveValue('');

    // A second suggestion, with an email this time, goes through the same way.
    await choose(page, 'Category', 'UI/UX');
    await choose(page, 'Priority', 'Low');
    await page.getByLabel('Title', { exact: true }).fill('Compact tables');
    await page.getByLabel('Description', { exact: true }).fill('A denser table layout for large screens.');
    await page.getByLabel('Email (optional)').fill('ada@example.com');
    await page.getByRole('button', { name: 'Submit Suggestion' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your suggestion!' })).toBeVisible();
  });

  test('says Submitting... while pending, and Submission Failed with the server message or the fallback', async ({ page, context }) => {
    await choose(page, 'Category', 'Alerts & Notifications');
    await choose(page, 'Priority', 'Critical');
    await page.getByLabel('Title', { exact: true }).fill('Webhook alerts');
    await page.getByLabel('Description', { exact: true }).fill('Send new signals to a webhook of my choice.');

    const release = await holdRequests(page, '**/api/suggestions', 'abort');
    await page.getByRole('button', { name: 'Submit Suggestion' }).click();
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    await expect(toast(page)).toContainText('Submission Failed');
    await expect(toast(page)).toContainText('Unable to submit suggestion. Please try again.');
    await page.unroute('**/api/suggestions');

    // Signed out behind the page's back: the server's 401 message is what the toast shows.
    await context.clearCookies({ name: /session-token$/ });
    await page.getByRole('button', { name: 'Submit Suggestion' }).click();
    await expect(toast(page)).toContainText('Authentication required. Please sign in.');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Webhook alerts');
  });
});

test('Feature Suggestions is not open to a visitor, and its API answers 401', async ({ page, baseURL }) => {
  await passBetaGate(page.context(), baseURL!);
  await page.goto('/suggestions');
  await expect(page).toHaveURL('/login');
  const response = await page.request.post(`${baseURL}/api/suggestions`, {
    data: { category: 'other', title: 'Hello', description: 'Anything at all here.', priority: 'low' },
    headers: { origin: baseURL! },
  });
  expect(response.status()).toBe(401);
});
