import { expect, test, type Page } from '@playwright/test';
import { signedInPage } from './support/session';

// The floating chat assistant on the dashboard (spec 001 §2, §4, §5, §7, §8), answering from the
// seeded database.

test.beforeEach(async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Early Discovery Intelligence Dashboard' })).toBeVisible();
});

function panel(page: Page) {
  return page.getByRole('dialog', { name: 'AI Treasury Assistant' });
}

async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole('textbox', { name: 'Message' })).toBeFocused();
}

function assistantReplies(page: Page) {
  return panel(page).locator('[data-role="assistant"]');
}

test('opens and closes, with the focus managed and Escape closing it', async ({ page }) => {
  const toggle = page.getByRole('button', { name: 'Open chat assistant' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await openChat(page);
  await expect(page.getByRole('button', { name: 'Close chat assistant' })).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(toggle).toBeFocused();
  await openChat(page);
  await panel(page).getByRole('button', { name: 'Close chat' }).click();
  await expect(panel(page)).toBeHidden();
});

test('send stays disabled while the message is blank; Enter sends a plain chat message', async ({ page }) => {
  await openChat(page);
  const input = panel(page).getByRole('textbox', { name: 'Message' });
  const send = panel(page).getByRole('button', { name: 'Send message' });
  await expect(send).toBeDisabled();
  await input.fill('    ');
  await expect(send).toBeDisabled();
  await input.press('Enter');
  await expect(panel(page).locator('[data-role="user"]')).toHaveCount(0);

  await input.fill('market overview');
  await expect(send).toBeEnabled();
  await input.press('Enter');
  await expect(panel(page).locator('[data-role="user"]')).toHaveText(['market overview']);
  await expect(input).toHaveValue('');
  await expect(assistantReplies(page).last()).toContainText('The platform tracks 156 public companies');
  await expect(assistantReplies(page).last()).toContainText('Largest holders: Strategy (MicroStrategy) 843,775 BTC');
});

test('analyzes a seeded company with its real grade and risk', async ({ page }) => {
  const [company] = await (await page.request.get('/api/companies?limit=1')).json();
  await openChat(page);
  await panel(page).getByRole('textbox', { name: 'Message' }).fill('analyze MSTR');
  await panel(page).getByRole('button', { name: 'Send message' }).click();
  const reply = assistantReplies(page).last();
  await expect(reply).toContainText('Strategy (MicroStrategy) (MSTR) holds 843,775 BTC');
  await expect(reply).toContainText(`Health grade ${company.metrics.healthGrade}`);
  const summary = reply.getByTestId('chat-analysis');
  await expect(summary).toContainText(`Health grade${company.metrics.healthGrade}`);
  await expect(summary).toContainText(`AI risk${company.metrics.aiRiskScore.toFixed(1)}`);
});

test('an unidentifiable company gets the spec’s message', async ({ page }) => {
  await openChat(page);
  await panel(page).getByRole('textbox', { name: 'Message' }).fill('analyze something for me');
  await panel(page).getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(assistantReplies(page).last()).toHaveText(
    "I couldn't analyze that company. Please provide more specific information like the company name, ticker, or crypto holdings.",
  );
});

test('adds an untracked company to tracking; it then appears in /api/companies, and adding it again fails', async ({ page }) => {
  const ticker = `Q${Date.now().toString(36).slice(-5).toUpperCase()}`;
  await openChat(page);
  await panel(page).getByRole('textbox', { name: 'Message' }).fill(`Analyze Quillon Robotics Corp (${ticker}), which holds 500 BTC`);
  await panel(page).getByRole('textbox', { name: 'Message' }).press('Enter');
  const preview = assistantReplies(page).filter({ hasText: `Preliminary analysis of Quillon Robotics Corp (${ticker})` });
  await expect(preview).toBeVisible();
  await expect(preview.getByTestId('chat-analysis')).toContainText('not tracked');
  await preview.getByRole('button', { name: 'Add to tracking' }).click();
  await expect(assistantReplies(page).last()).toHaveText(`Quillon Robotics Corp (${ticker}) is now tracked with 500 BTC.`);
  await expect(preview.getByRole('button', { name: 'Add to tracking' })).toBeDisabled();

  const companies = (await (await page.request.get('/api/companies?limit=1000')).json()) as { ticker: string; btcHoldings: number; holdings: { source: string }[] }[];
  const added = companies.find((company) => company.ticker === ticker);
  expect(added).toMatchObject({ btcHoldings: 500 });
  expect(added!.holdings[0]!.source).toBe('Added via AI assistant by user');

  await panel(page).getByRole('textbox', { name: 'Message' }).fill(`Analyze Quillon Robotics Corp (${ticker}) again, which holds 500 BTC`);
  await panel(page).getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(assistantReplies(page).last()).toContainText(`Quillon Robotics Corp (${ticker}) holds 500 BTC`);

  const duplicate = await page.request.post('/api/chat/add-company', {
    data: { companyInfo: { name: 'Quillon Robotics Corp', ticker, btcHoldings: 500 } },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(duplicate.status()).toBe(409);
  expect(await duplicate.json()).toMatchObject({ message: 'Company is already tracked' });
});
