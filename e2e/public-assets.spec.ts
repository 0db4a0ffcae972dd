import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { passBetaGate } from './support/session';

// public/: icons, robots.txt, the web manifest and the Open Graph image are served with their
// content types to anyone (no beta gate, no sign-in), and the root layout links them.

const assets = [
  { path: '/favicon.ico', type: 'image/x-icon' },
  { path: '/icons/icon.svg', type: 'image/svg+xml' },
  { path: '/icons/icon-192.png', type: 'image/png', size: [192, 192] },
  { path: '/icons/icon-512.png', type: 'image/png', size: [512, 512] },
  { path: '/apple-touch-icon.png', type: 'image/png', size: [180, 180] },
  { path: '/og-image.png', type: 'image/png', size: [1200, 630] },
  { path: '/robots.txt', type: 'text/plain' },
  { path: '/manifest.webmanifest', type: 'application/manifest+json' },
] as const;

/** Width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): [number, number] {
  expect(body.subarray(1, 4).toString('latin1'), 'PNG signature').toBe('PNG');
  return [body.readUInt32BE(16), body.readUInt32BE(20)];
}

async function expectAsset(response: APIResponse, asset: (typeof assets)[number]) {
  expect(response.status(), asset.path).toBe(200);
  expect(response.headers()['content-type'], asset.path).toContain(asset.type);
  if ('size' in asset) expect(pngSize(await response.body()), asset.path).toEqual(asset.size);
}

async function fetchAll(request: APIRequestContext) {
  for (const asset of assets) await expectAsset(await request.get(asset.path, { maxRedirects: 0 }), asset);
}

test('each asset is served with its content type to a first-time visitor', { tag: '@deployment' }, async ({ request }) => {
  await fetchAll(request);
});

test('a visitor past the gate but signed out gets the assets too, not a redirect to /login', { tag: '@deployment' }, async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  await passBetaGate(context, baseURL!);
  await fetchAll(context.request);
  await context.close();
});

test("the manifest's icons exist with the sizes and types it states", { tag: '@deployment' }, async ({ request }) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as { name: string; start_url: string; icons: Array<{ src: string; sizes: string; type: string }> };
  expect(manifest).toMatchObject({ name: 'Treasury Intelligence', start_url: '/' });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toContain(icon.type);
    if (icon.type === 'image/png') expect(pngSize(await response.body()).join('x')).toBe(icon.sizes);
  }
});

test('robots.txt opens the public pages and closes the product', { tag: '@deployment' }, async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('User-agent: *');
  expect(robots).toContain('Allow: /about');
  expect(robots).toMatch(/^Disallow: \/$/m);
});

test('the root layout links the icons, the manifest and the Open Graph card, on the host the page was asked for', { tag: '@deployment' }, async ({ page, baseURL }) => {
  await page.goto('/');
  const head = page.locator('head');
  await expect(head.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(head.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
  await expect(head.locator('link[rel="icon"][href="/icons/icon-192.png"]')).toHaveAttribute('sizes', '192x192');
  await expect(head.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
  await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/og-image.png`);
  await expect(head.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', /Treasury Intelligence/);
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await expect(head.locator('meta[name="twitter:image"]')).toHaveAttribute('content', `${baseURL}/og-image.png`);
});
