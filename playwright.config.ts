import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type PlaywrightTestConfig, type Project } from '@playwright/test';

// Debian's Chromium where it is installed (Playwright cannot download its own browser on these
// machines); elsewhere Playwright's own, from `npx playwright install`.
const chromiumPath = process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
if (process.env.CHROMIUM_PATH && !fs.existsSync(process.env.CHROMIUM_PATH)) {
  throw new Error(`CHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which does not exist.`);
}
const chromiumLaunch = {
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/**
 * A deployment to test instead of local servers (README, "Running QA suites against a deployment"):
 * only the tests tagged @deployment run, through no test route, outbox or process of this machine.
 */
const deploymentURL = process.env.PLAYWRIGHT_BASE_URL?.replace(/\/$/, '');

// E2E_PORT_BASE and NEXT_DIST_DIR let two checkouts (or two people) run the suite side by side.
const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);
export const serverPort = portBase;
export const nextStartPort = portBase + 1;
/** Local stand-ins for CoinGecko and an Esplora explorer (e2e/support/fake-chain-server.ts). */
export const fakeChainPort = portBase + 5;
const fakeChainUrl = `http://127.0.0.1:${fakeChainPort}`;
// Crypto checkout on the server project: fresh addresses from the BIP84 test vector's account key
// (watch-only; its private keys are public knowledge, so it is only fit for tests), rates and
// confirmations from the local stand-ins.
const cryptoEnv = {
  CRYPTO_BTC_XPUB: 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
  COINGECKO_BASE_URL: `${fakeChainUrl}/api/v3`,
  BTC_ESPLORA_URL: fakeChainUrl,
};
const dbTag = process.env.E2E_PORT_BASE ? `-${portBase}` : '';
/** The server project's database, for specs that run a documented command on it (npm run admin:grant). */
export const serverDatabaseUrl = `file:./.data/e2e-server${dbTag}.db`;
const serverUrl = `http://127.0.0.1:${serverPort}`;
const nextStartUrl = `http://127.0.0.1:${nextStartPort}`;
/**
 * The suite runs against a deployment configured as README "Running QA suites against a deployment"
 * says: the raised rate limits of qa.env (one runner address registers hundreds of accounts).
 */
const qaEnv = Object.fromEntries(
  fs
    .readFileSync(path.join(__dirname, 'qa.env'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);
const testEnv = { ...qaEnv, SCHEDULER_ENABLED: 'false', INGEST_ENABLED: 'false', ENABLE_TEST_ROUTES: '1', REDIS_URL: '', NEXT_TELEMETRY_DISABLED: '1' };

const shared = {
  testDir: 'e2e',
  // Two workers on a two-core CI machine: a flow that signs up, loads charts and downloads a file
  // can take half a minute when the other worker is busy.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
} satisfies PlaywrightTestConfig;

const local: PlaywrightTestConfig = {
  ...shared,
  // No trace by default: it records a screencast of every test, which on a two-core machine costs the
  // suite about as much as the pages themselves, for files CI does not keep. A failure still leaves its
  // page snapshot and screenshot; `npx playwright test --trace retain-on-failure` records traces too.
  use: { trace: 'off', screenshot: 'only-on-failure', launchOptions: chromiumLaunch },
  projects: [
    { name: 'server', testIgnore: /next-start\.spec\.ts/, use: { baseURL: serverUrl } },
    { name: 'next-start', testMatch: /next-start\.spec\.ts/, use: { baseURL: nextStartUrl } },
  ],
  // Both run the production build (`npm run test:e2e` builds first), each on its own fresh SQLite file.
  webServer: [
    {
      command: `tsx e2e/support/fake-chain-server.ts ${fakeChainPort}`,
      url: `${fakeChainUrl}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The compiled server as `npm start` runs it; compiling it again here (under a second) keeps it
      // current when only `next build` ran before the suite.
      command: `rm -f .data/e2e-server${dbTag}.db* && tsx scripts/db.ts setup && node scripts/build-server.mjs && NODE_ENV=production node dist/server.js`,
      url: `${serverUrl}/api/health`,
      env: { ...testEnv, ...cryptoEnv, PORT: String(serverPort), HOST: '127.0.0.1', DATABASE_URL: serverDatabaseUrl },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: `rm -f .data/e2e-next${dbTag}.db* && tsx scripts/db.ts setup && next start -H 127.0.0.1 -p ${nextStartPort}`,
      url: `${nextStartUrl}/api/health`,
      env: { ...testEnv, DATABASE_URL: `file:./.data/e2e-next${dbTag}.db` },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
};

/** Browsers a deployment run may use; only those named in PLAYWRIGHT_BROWSERS (default chromium) are run. */
const deploymentProjects: Project[] = [
  { name: 'chromium', use: { browserName: 'chromium', launchOptions: chromiumLaunch } },
  // Defined for machines where `npx playwright install firefox webkit` could run (not these).
  { name: 'firefox', use: { browserName: 'firefox' } },
  { name: 'webkit', use: { browserName: 'webkit' } },
];

function deploymentConfig(baseURL: string): PlaywrightTestConfig {
  const browsers = (process.env.PLAYWRIGHT_BROWSERS ?? 'chromium').split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = browsers.filter((name) => !deploymentProjects.some((project) => project.name === name));
  if (unknown.length) throw new Error(`PLAYWRIGHT_BROWSERS names ${unknown.join(', ')}; choose from chromium, firefox, webkit.`);
  // Vercel's deployment protection: the bypass header on every request, and the cookie it sets
  // so the browser's own requests (scripts, fetches) pass too.
  const bypassSecret = process.env.VERCEL_AUTOMATION_BYPASS_SECRET;
  const extraHTTPHeaders = bypassSecret ? { 'x-vercel-protection-bypass': bypassSecret, 'x-vercel-set-bypass-cookie': 'true' } : undefined;
  return {
    ...shared,
    // Only these, whatever else `--grep` asks for: the other tests need this machine's servers.
    grep: /@deployment/,
    use: { trace: 'retain-on-failure', baseURL, extraHTTPHeaders },
    projects: deploymentProjects.filter((project) => browsers.includes(project.name!)),
  };
}

export default defineConfig(deploymentURL ? deploymentConfig(deploymentURL) : local);
