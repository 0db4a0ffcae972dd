// npm run bench:pages [-- --runs 1 --throttled-runs N --lighthouse /dashboard,/signals --url http://host:port --build --no-lighthouse --save dir --check]
// Page weight and speed of the main screens (issue 15 §4, §5), against the production build:
//   1. First-load JavaScript of each main screen, read from the build output: the framework's root
//      chunks plus the chunks of the route's layouts and page (the client reference manifests), each
//      gzip-compressed. Chunks loaded later (next/dynamic, import() on interaction) are not counted.
//   2. Lighthouse mobile (simulated slow 4G, 4× CPU slowdown) and desktop: performance score,
//      Largest Contentful Paint, Total Blocking Time and Cumulative Layout Shift, signed in as a
//      beta subscriber, in headless Debian Chromium, served by server.ts on a scratch SQLite database
//      seeded with the demo data (or the deployment at --url), with the host's CPU benchmark index.
//   3. For /dashboard, cold loads under Chrome's real 4× CPU throttle in a phone-sized viewport
//      (blocking time of the long tasks after the first contentful paint): a cross-check of the TBT
//      Lighthouse simulates from one unthrottled load.
// Targets (issue 15): /dashboard first-load JS <= 200 KiB gzip; Lighthouse mobile >= 90 with
// LCP <= 2.5 s and TBT <= 200 ms; desktop >= 99. Run it on an otherwise idle machine: CPU contention
// lengthens the main-thread tasks Lighthouse measures, so TBT and the score suffer.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type BrowserContext } from '@playwright/test';
import { benchServerEnv, percentile, waitForServer } from './lib/bench';
import { firstLoadFiles, pagesOf } from './lib/first-load.mjs';

const argv = process.argv.slice(2);
const args = new Map(argv.map((arg, index, all) => [arg, all[index + 1]]));
const flags = new Set(argv);
const runs = Number(args.get('--runs') ?? 1);
const port = Number(args.get('--port') ?? 3900);
const debugPort = port + 1;
const givenUrl = args.get('--url');
const baseUrl = (givenUrl ?? `http://127.0.0.1:${port}`).replace(/\/$/, '');
const executablePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const distDir = process.env.NEXT_DIST_DIR || '.next';
const betaCode = process.env.BENCH_BETA_CODE ?? 'TREASURY2026';
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The main screens whose first-load JavaScript is reported. */
const weighedScreens = ['/dashboard', '/signals', '/analytics', '/reports', '/billing', '/subscription', '/login', '/'];
/** The screens Lighthouse loads, each on mobile and on desktop. */
const lighthouseScreens = (args.get('--lighthouse') ?? '/dashboard,/signals,/analytics').split(',').filter(Boolean);

/** Loads of /dashboard under Chrome's own 4× CPU throttle (real, not simulated): `--throttled-runs N`, default --runs. */
const throttledRuns = Number(args.get('--throttled-runs') ?? runs);

const targets = { firstLoadKiB: 200, mobileScore: 90, lcpMs: 2500, tbtMs: 200, desktopScore: 99 };
type FormFactor = 'mobile' | 'desktop';

async function main() {
  const root = process.cwd();
  const results: { name: string; met: boolean }[] = [];

  if (!givenUrl) ensureBuild(root);
  if (fs.existsSync(path.join(root, distDir, 'BUILD_ID'))) {
    console.log(`\nFirst-load JavaScript (build output in ${distDir}/, gzip)`);
    for (const screen of weighedScreens) {
      const weight = firstLoadJs(path.join(root, distDir), screen);
      if (!weight) {
        console.log(`  ${screen.padEnd(14)} (no such page in the build)`);
        continue;
      }
      const kib = weight.gzipBytes / 1024;
      const verdict = screen === '/dashboard' ? verdictOf(results, `${screen} first-load JS`, kib <= targets.firstLoadKiB, `target <= ${targets.firstLoadKiB} KiB`) : '';
      console.log(`  ${screen.padEnd(14)} ${kib.toFixed(1).padStart(6)} KiB in ${String(weight.files.length).padStart(2)} files (raw ${(weight.rawBytes / 1024).toFixed(0)} KiB)  ${verdict}`);
    }
  } else {
    console.log(`\n(no build in ${distDir}/: first-load JavaScript not measured)`);
  }

  if (flags.has('--no-lighthouse')) return finish(results);

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
  const server = givenUrl ? null : startServer(scratch);
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pages-chromium-'));
  let context: BrowserContext | undefined;
  try {
    if (server) await waitForServer(server, baseUrl, 90_000);
    // A persistent context is the browser's default one, so the tab Lighthouse opens shares its cookies.
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      headless: true,
      args: [...chromiumArgs, `--remote-debugging-port=${debugPort}`],
    });
    await signIn(context);

    console.log(`\nLighthouse ${lighthouseVersion()} (median of ${runs} run${runs === 1 ? '' : 's'}; signed in as a beta subscriber)`);
    console.log(`  ${'page'.padEnd(14)} ${'form'.padEnd(8)} score     LCP      TBT     CLS   JS loaded`);
    for (const screen of lighthouseScreens) {
      // One untimed load first, so the server's first-render work (route compilation is done by the
      // build; caches, the first Prisma queries) is not charged to the page.
      await warm(context, screen);
      for (const formFactor of ['mobile', 'desktop'] as const) {
        const samples: LighthouseResult[] = [];
        for (let run = 0; run < runs; run += 1) {
          // A cold load: Lighthouse keeps the browser's cache when it keeps the session's storage.
          await clearCache(context);
          samples.push(await runLighthouse(screen, formFactor));
        }
        const result = medianResult(samples);
        const line = `  ${screen.padEnd(14)} ${formFactor.padEnd(8)} ${String(result.score).padStart(5)} ${formatMs(result.lcpMs).padStart(8)} ${formatMs(result.tbtMs).padStart(8)} ${result.cls.toFixed(3).padStart(7)} ${(result.scriptBytes / 1024).toFixed(0).padStart(6)} KiB`;
        const verdict =
          screen !== '/dashboard'
            ? ''
            : formFactor === 'mobile'
            ? verdictOf(results, `${screen} mobile`, result.score >= targets.mobileScore && result.lcpMs <= targets.lcpMs && result.tbtMs <= targets.tbtMs, `target >= ${targets.mobileScore}, LCP <= ${formatMs(targets.lcpMs)}, TBT <= ${formatMs(targets.tbtMs)}`)
            : verdictOf(results, `${screen} desktop`, result.score >= targets.desktopScore, `target >= ${targets.desktopScore}`);
        console.log(`${line}  ${verdict}`);
        if (samples.length > 1) console.log(`  ${''.padEnd(23)} runs: ${samples.map((sample) => sample.score).join(', ')}`);
        // Lighthouse multiplies the main-thread tasks it observed on this machine by 4: a host slower
        // than the one it is calibrated for (or busy) lowers the mobile score. Its own measure of the host:
        const indexes = samples.map((sample) => Math.round(sample.benchmarkIndex)).sort((a, b) => a - b);
        console.log(`  ${''.padEnd(23)} host CPU benchmark index ${indexes[0]}–${indexes.at(-1)}`);
      }
      if (screen === '/dashboard' && throttledRuns > 0) await reportThrottledLoads(context, screen);
    }
  } finally {
    await context?.close();
    if (server) await stopServer(server);
    fs.rmSync(userDataDir, { recursive: true, force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  finish(results);
}

function finish(results: { name: string; met: boolean }[]) {
  const missed = results.filter((result) => !result.met);
  console.log(`\nTargets (/dashboard): ${results.length - missed.length} of ${results.length} met${missed.length ? `; missed: ${missed.map((result) => result.name).join(', ')}` : ''}`);
  if (flags.has('--check') && missed.length) process.exitCode = 1;
}

function verdictOf(results: { name: string; met: boolean }[], name: string, met: boolean, target: string) {
  results.push({ name, met });
  return `${target}  ${met ? 'met' : 'MISSED'}`;
}

const formatMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

/** Builds when asked (--build), when there is no build, or when a source file is newer than the build. */
function ensureBuild(root: string) {
  const buildId = path.join(root, distDir, 'BUILD_ID');
  const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const stale = builtAt > 0 && newestSource(root, ['app', 'components', 'lib', 'next.config.js', 'package.json']) > builtAt;
  if (!flags.has('--build') && builtAt > 0 && !stale) {
    console.log(`Using the production build in ${distDir}/ (--build to rebuild).`);
    return;
  }
  console.log(`Building (npm run build${builtAt ? (stale ? ': sources changed since the last build' : '') : ': no build yet'})…`);
  // The whole build, not `next build` alone: its later steps (compile hints, Brotli copies) change what a browser loads.
  execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NEXT_SKIP_TYPECHECK: '1', NEXT_TELEMETRY_DISABLED: '1' } });
}

function newestSource(root: string, entries: string[]): number {
  let newest = 0;
  const visit = (target: string) => {
    const stat = fs.statSync(target, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(target)) if (entry !== 'generated' && !entry.startsWith('.')) visit(path.join(target, entry));
    } else if (!/\.(test|int\.test)\.tsx?$/.test(target)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const entry of entries) visit(path.join(root, entry));
  return newest;
}

interface Weight {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

/** The first-load scripts of `screen` (scripts/lib/first-load.mjs), weighed raw and gzip -9. */
function firstLoadJs(dist: string, screen: string): Weight | null {
  const entry = pagesOf(dist).find((page) => page.route === screen)?.entry;
  const files = entry ? firstLoadFiles(dist, entry) : null;
  if (!files) return null;
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const body = fs.readFileSync(path.join(dist, file));
    rawBytes += body.length;
    gzipBytes += zlib.gzipSync(body, { level: 9 }).length;
  }
  return { files, rawBytes, gzipBytes };
}

function startServer(scratch: string): ChildProcess {
  const env = benchServerEnv(`file:${path.join(scratch, 'bench.db')}`, port);
  console.log('\nSeeding a scratch database with the demo data and starting the compiled server…');
  execFileSync(process.execPath, [require.resolve('tsx/cli'), 'scripts/db.ts', 'setup'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  // The production process as `npm start` runs it: server.ts compiled to dist/server.js (under a second).
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
  return spawn(process.execPath, ['dist/server.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

/** Passes the beta gate and registers a subscriber the way the browser does. */
async function signIn(context: BrowserContext) {
  const headers = { origin: baseUrl };
  const gate = await context.request.post(`${baseUrl}/api/beta/verify`, { data: { code: betaCode }, headers });
  if (!gate.ok()) throw new Error(`beta gate: ${gate.status()} ${await gate.text()}`);
  const email = `bench.${Date.now()}@example.com`;
  const register = await context.request.post(`${baseUrl}/api/auth/register`, {
    data: { firstName: 'Bench', lastName: 'Mark', email, password: 'Vault-Ledger-2049' },
    headers,
  });
  if (register.status() !== 201) throw new Error(`register: ${register.status()} ${await register.text()}`);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/about`);
  // The spec's client mirrors the gate in localStorage; the MFA prompt is dismissed for this user so it does not cover the page.
  await page.evaluate((code) => {
    window.localStorage.setItem('betaAccess', 'granted');
    window.localStorage.setItem('betaAccessCode', code);
  }, betaCode);
  await context.request.post(`${baseUrl}/api/auth/mfa/dismiss-prompt`, { headers });
  await page.close();
}

async function warm(context: BrowserContext, screen: string) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}${screen}`, { waitUntil: 'load' });
  await page.close();
}

async function clearCache(context: BrowserContext) {
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Network.clearBrowserCache');
  await session.detach();
  await page.close();
}

interface LighthouseResult {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Script bytes transferred during the load (including chunks loaded after the first paint). */
  scriptBytes: number;
  /** Lighthouse's measure of the host's CPU speed during the run. */
  benchmarkIndex: number;
}

/** Collects the page's long tasks from its first script on (a string: the page runs it as it is). */
const longTaskRecorder = `window.__longTasks = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]); }).observe({ type: 'longtask', buffered: true });`;

/**
 * A cross-check of Lighthouse's simulation: cold loads of `screen` in a phone-sized viewport with
 * Chrome's CPU throttled 4× for real, reporting the blocking time of the long tasks after the first
 * contentful paint (to 4 s after the load event) and the main thread's time in script. Not a target:
 * the figure Lighthouse's TBT estimates when the machine is as fast as it assumes.
 */
async function reportThrottledLoads(context: BrowserContext, screen: string) {
  const loads: { tbt: number; scriptMs: number }[] = [];
  for (let run = 0; run < throttledRuns; run += 1) {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await session.send('Performance.enable');
    await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript({ content: longTaskRecorder });
    await page.goto(`${baseUrl}${screen}`, { waitUntil: 'load' });
    await page.waitForTimeout(4000);
    const { fcp, tasks } = (await page.evaluate(
      `({ fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0, tasks: window.__longTasks })`,
    )) as { fcp: number; tasks: [number, number][] };
    const metrics = Object.fromEntries((await session.send('Performance.getMetrics')).metrics.map((metric) => [metric.name, metric.value]));
    loads.push({
      tbt: tasks.filter(([start]) => start >= fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
      scriptMs: (metrics.ScriptDuration ?? 0) * 1000,
    });
    await session.detach();
    await page.close();
  }
  const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
  const tbts = loads.map((load) => load.tbt);
  console.log(
    `  ${screen.padEnd(14)} Chrome 4× CPU throttle, phone viewport (real, not simulated), ${loads.length} load${loads.length === 1 ? '' : 's'}: TBT ${formatMs(median(tbts))}, script ${formatMs(median(loads.map((load) => load.scriptMs)))} (medians; TBT runs: ${tbts.map((tbt) => tbt.toFixed(0)).join(', ')})`,
  );
}

async function runLighthouse(screen: string, formFactor: FormFactor): Promise<LighthouseResult> {
  // lighthouse is an ES module; tsx runs this file as CommonJS.
  const { default: lighthouse } = (await import('lighthouse')) as typeof import('lighthouse');
  const config =
    formFactor === 'desktop'
      ? ((await import('lighthouse/core/config/desktop-config.js')) as { default: import('lighthouse').Config }).default
      : undefined; // Lighthouse's default: a mid-range phone on slow 4G, simulated
  const result = await lighthouse(
    `${baseUrl}${screen}`,
    { port: debugPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
    config,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const saveDir = args.get('--save');
  if (saveDir) {
    fs.mkdirSync(saveDir, { recursive: true });
    const name = `${screen === '/' ? 'home' : screen.slice(1).replaceAll('/', '-')}-${formFactor}-${Date.now()}.json`;
    fs.writeFileSync(path.join(saveDir, name), JSON.stringify(lhr));
  }
  if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== new URL(`${baseUrl}${screen}`).pathname) {
    throw new Error(`Lighthouse loaded ${lhr.finalDisplayedUrl} instead of ${screen} (signed out?)`);
  }
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    scriptBytes: requests.filter((request) => request.resourceType === 'Script').reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/** The run with the median score (its own LCP, TBT and CLS, so the figures belong together). */
function medianResult(samples: LighthouseResult[]): LighthouseResult {
  const sorted = [...samples].sort((a, b) => a.score - b.score);
  return sorted[(sorted.length - 1) >> 1]!;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/** The installed Lighthouse's version, as its package states it. */
function lighthouseVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(process.cwd(), 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string }).version;
}
