import { expect, test } from '@playwright/test';
import { signedInPage } from './support/session';

test.beforeEach(async ({ page, baseURL }) => {
  await signedInPage(page, baseURL!);
});

test('the dashboard lists the seeded companies, largest holder first', { tag: '@deployment' }, async ({ page }) => {
  await page.goto('/');
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(101);
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText('Strategy (MicroStrategy)');
  await expect(first).toContainText('843,775');
  await expect(page.getByText('Tracked Companies')).toBeVisible();
  // The 156 seeded companies, plus any another test added through the chat assistant.
  const stats = (await (await page.request.get('/api/dashboard/stats')).json()) as { trackedCompanies: number };
  expect(stats.trackedCompanies).toBeGreaterThanOrEqual(156);
  await expect(page.getByText(stats.trackedCompanies.toLocaleString('en-US'), { exact: true }).first()).toBeVisible();
});

test('the real-time card connects to /ws', async ({ page }) => {
  await page.goto('/');
  const card = page.getByTestId('connection-status');
  await expect(card).toHaveAttribute('data-state', 'connected');
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
});

test('the dashboard loads without creating an Intl formatter (lib/en-us.ts: the first one starts ICU, 12–20 ms of the load)', async ({ page }) => {
  await page.addInitScript(() => {
    const uses: string[] = [];
    (window as unknown as { intlUses: string[] }).intlUses = uses;
    const intl = Intl as unknown as Record<string, unknown>;
    for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'DisplayNames', 'Segmenter']) {
      const original = intl[name] as ((...args: unknown[]) => unknown) | undefined;
      if (!original) continue;
      const note = () => uses.push(`Intl.${name}: ${new Error().stack?.split('\n')[3]?.trim() ?? ''}`);
      intl[name] = new Proxy(original, {
        construct: (target, args) => (note(), Reflect.construct(target, args)),
        apply: (target, self, args) => (note(), Reflect.apply(target, self, args)),
      });
    }
    const methods: [object, string][] = [
      [Number.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'],
      [String.prototype, 'localeCompare'],
    ];
    for (const [prototype, name] of methods) {
      const original = (prototype as Record<string, (...args: unknown[]) => unknown>)[name]!;
      Object.defineProperty(prototype, name, {
        configurable: true,
        writable: true,
        value(this: unknown, ...args: unknown[]) {
          uses.push(`${name}: ${new Error().stack?.split('\n')[2]?.trim() ?? ''}`);
          return original.apply(this, args);
        },
      });
    }
  });
  await page.goto('/');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(101);
  const card = page.getByTestId('connection-status');
  await expect(card).toHaveAttribute('data-state', 'connected');
  await expect(card).toContainText('last message');
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(() => (window as unknown as { intlUses: string[] }).intlUses)).toEqual([]);
  // The probe does see a formatter when one is made.
  await page.evaluate(() => new Intl.NumberFormat('en-US').format(1));
  expect(await page.evaluate(() => (window as unknown as { intlUses: string[] }).intlUses)).toHaveLength(1);
});

test('/ws speaks the spec protocol to a browser on the same origin', async ({ page }) => {
  await page.goto('/about');
  const messages = await page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const seen: string[] = [];
        const socket = new WebSocket(`ws://${location.host}/ws`);
        socket.onerror = () => reject(new Error('socket error'));
        socket.onmessage = (event) => {
          const message = JSON.parse(event.data as string) as { type: string };
          seen.push(message.type);
          if (message.type === 'connected') socket.send(JSON.stringify({ type: 'subscribe', channel: 'signals' }));
          if (message.type === 'subscribed') socket.send(JSON.stringify({ type: 'ping' }));
          if (message.type === 'pong') {
            socket.close();
            resolve(seen);
          }
        };
      }),
  );
  expect(messages).toEqual(['connected', 'subscribed', 'pong']);
});

test('mutating API calls from a foreign origin are refused', { tag: '@deployment' }, async ({ request }) => {
  const response = await request.post('/api/client-errors', {
    headers: { Origin: 'https://evil.example' },
    data: { referenceId: 'ERR-X', message: 'x' },
  });
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ message: 'Cross-origin requests are not allowed' });
});
