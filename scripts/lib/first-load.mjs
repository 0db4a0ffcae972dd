// The scripts a page of the production build runs at start-up, read from Next's build output: the
// framework's root main files (build-manifest.json), then the chunks the client reference manifest of
// the route's page lists for the root layout, each nested layout and the page itself (what `next build`
// called "First Load JS"). Chunks loaded later (next/dynamic, import() on interaction) are not among
// them. Used by scripts/compile-hints.mjs (a build step) and scripts/bench-pages.ts (the weights).
import fs from 'node:fs';
import path from 'node:path';

/** Every page of the build: its route ("/dashboard") and its entry ("/(app)/dashboard/page"). */
export function pagesOf(dist) {
  const routes = JSON.parse(fs.readFileSync(path.join(dist, 'app-path-routes-manifest.json'), 'utf8'));
  return Object.entries(routes)
    .filter(([entry]) => entry.endsWith('/page'))
    .map(([entry, route]) => ({ route, entry }));
}

/** The start-up scripts of one page entry, as paths under the build directory ("static/chunks/….js"); null when it has no client manifest. */
export function firstLoadFiles(dist, entry) {
  const manifestFile = path.join(dist, 'server', 'app', `${entry}_client-reference-manifest.js`);
  if (!fs.existsSync(manifestFile)) return null;
  // The manifest is a script that assigns globalThis.__RSC_MANIFEST[entry].
  const sandbox = {};
  new Function('globalThis', 'self', fs.readFileSync(manifestFile, 'utf8'))(sandbox, sandbox);
  const entryFiles = Object.values(sandbox.__RSC_MANIFEST ?? {})[0]?.entryJSFiles ?? {};
  const buildManifest = JSON.parse(fs.readFileSync(path.join(dist, 'build-manifest.json'), 'utf8'));
  const segments = entry.split('/').slice(1, -1);
  const owners = ['[project]/app/layout', ...segments.map((_, index) => `[project]/app/${segments.slice(0, index + 1).join('/')}/layout`), `[project]/app${entry}`];
  const files = new Set(buildManifest.rootMainFiles);
  for (const owner of owners) for (const file of entryFiles[owner] ?? []) if (file.endsWith('.js')) files.add(file);
  return [...files];
}

/** The start-up scripts of every page of the build. */
export function allFirstLoadFiles(dist) {
  const files = new Set();
  for (const { entry } of pagesOf(dist)) for (const file of firstLoadFiles(dist, entry) ?? []) files.add(file);
  return files;
}
