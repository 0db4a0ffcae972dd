import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

// Draws the files of public/ that are pictures: the icon (SVG, PNG at 192, 512 and 180 for Apple,
// favicon.ico at 16/32/48) and the 1200×630 Open Graph image, rendered by the same Chromium the
// end-to-end tests use. Run it after changing the artwork below: `tsx scripts/generate-brand-assets.ts`.

const publicDir = path.join(process.cwd(), 'public');
const navy = '#0b1120';
const orange = '#f7931a';

// A coin with a "B" drawn as strokes, so no font is involved.
const iconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="112" fill="${navy}"/>
  <circle cx="256" cy="256" r="184" fill="${orange}"/>
  <g fill="none" stroke="#ffffff" stroke-width="34" stroke-linecap="round" stroke-linejoin="round">
    <path d="M196 150h78a53 53 0 0 1 0 106h-78z"/>
    <path d="M196 256h92a56 56 0 0 1 0 112h-92z"/>
    <path d="M226 112v38M282 112v38M226 368v34M282 368v34"/>
  </g>
</svg>
`;

const fontFile = path.join(process.cwd(), 'node_modules/geist/dist/fonts/geist-sans/Geist-Variable.woff2');
const fontUrl = `data:font/woff2;base64,${fs.readFileSync(fontFile).toString('base64')}`;

const ogHtml = `<!doctype html><html><head><style>
  @font-face { font-family: Geist; src: url('${fontUrl}') format('woff2'); font-weight: 100 900; }
  html, body { margin: 0; width: 1200px; height: 630px; }
  body { font-family: Geist, sans-serif; color: #f8fafc; background: radial-gradient(circle at 85% 15%, #1e293b 0, ${navy} 60%); display: flex; flex-direction: column; justify-content: center; padding: 0 96px; box-sizing: border-box; }
  .brand { display: flex; align-items: center; gap: 28px; }
  .brand img { width: 120px; height: 120px; }
  h1 { font-size: 72px; font-weight: 700; margin: 0; letter-spacing: -1.5px; }
  p { font-size: 34px; line-height: 1.35; color: #cbd5e1; margin: 40px 0 0; max-width: 960px; }
  .tag { color: ${orange}; font-weight: 600; }
</style></head><body>
  <div class="brand"><img alt="" src="data:image/svg+xml;base64,${Buffer.from(iconSvg).toString('base64')}"><h1>Treasury Intelligence</h1></div>
  <p><span class="tag">Corporate Bitcoin treasury intelligence.</span> Holdings with their sources, health grades, risk and conviction scores, and signals from SEC filings.</p>
</body></html>`;

/** An .ico holding PNG images (supported by every browser since Windows Vista-era icon formats). */
function icoFromPngs(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const renderIcon = async (size: number) => {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(`<html><body style="margin:0;background:transparent">${iconSvg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
      return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    };
    fs.mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
    fs.writeFileSync(path.join(publicDir, 'icons/icon.svg'), iconSvg);
    fs.writeFileSync(path.join(publicDir, 'icons/icon-192.png'), await renderIcon(192));
    fs.writeFileSync(path.join(publicDir, 'icons/icon-512.png'), await renderIcon(512));
    fs.writeFileSync(path.join(publicDir, 'apple-touch-icon.png'), await renderIcon(180));
    const favicons = [];
    for (const size of [16, 32, 48]) favicons.push({ size, png: await renderIcon(size) });
    fs.writeFileSync(path.join(publicDir, 'favicon.ico'), icoFromPngs(favicons));

    await page.setViewportSize({ width: 1200, height: 630 });
    await page.setContent(ogHtml, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    fs.writeFileSync(path.join(publicDir, 'og-image.png'), await page.screenshot({ clip: { x: 0, y: 0, width: 1200, height: 630 } }));
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
