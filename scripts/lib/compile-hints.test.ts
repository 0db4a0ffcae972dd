import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// scripts/compile-hints.mjs against a small build directory laid out as `next build` writes it: the
// start-up scripts of each page (scripts/lib/first-load.mjs) get V8's compile hint, the rest do not.

const hint = '//# allFunctionsCalledOnLoad\n';

function write(root: string, file: string, body: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), body);
}

function buildDirectory() {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  write(dist, 'app-path-routes-manifest.json', JSON.stringify({ '/(app)/dashboard/page': '/dashboard', '/api/health/route': '/api/health' }));
  write(dist, 'build-manifest.json', JSON.stringify({ rootMainFiles: ['static/chunks/runtime.js'] }));
  const entryJSFiles = {
    '[project]/app/layout': ['static/chunks/layout.js', 'static/chunks/styles.css'],
    '[project]/app/(app)/layout': ['static/chunks/app-layout.js'],
    '[project]/app/(app)/dashboard/page': ['static/chunks/page.js'],
  };
  write(dist, 'server/app/(app)/dashboard/page_client-reference-manifest.js', `globalThis.__RSC_MANIFEST = { "/(app)/dashboard/page": ${JSON.stringify({ entryJSFiles })} };`);
  for (const name of ['runtime', 'layout', 'lazy-dialog']) write(dist, `static/chunks/${name}.js`, `console.log(${JSON.stringify(name)});\n`);
  write(dist, 'static/chunks/app-layout.js', 'console.log("app-layout");\n//# sourceMappingURL=app-layout.js.map');
  write(dist, 'static/chunks/app-layout.js.map', JSON.stringify({ version: 3, sections: [{ offset: { line: 0, column: 0 }, map: { version: 3, sources: ['a.tsx'], mappings: 'AAAA' } }] }));
  write(dist, 'static/chunks/page.js', 'console.log("page");\n//# sourceMappingURL=page-map.js.map');
  write(dist, 'static/chunks/page-map.js.map', JSON.stringify({ version: 3, sources: ['page.tsx'], mappings: 'AAAA' }));
  return dist;
}

const run = (dist: string) => execFileSync(process.execPath, ['scripts/compile-hints.mjs'], { env: { ...process.env, NEXT_DIST_DIR: dist }, encoding: 'utf8' });
const read = (dist: string, file: string) => fs.readFileSync(path.join(dist, 'static/chunks', file), 'utf8');

describe('compile hints (scripts/compile-hints.mjs)', () => {
  it('marks the start-up scripts of every page, leaves chunks loaded later alone, and moves a source map down a line', () => {
    const dist = buildDirectory();
    try {
      expect(run(dist)).toContain('Compile hints on 4 start-up scripts');
      for (const file of ['runtime.js', 'layout.js', 'app-layout.js', 'page.js']) expect(read(dist, file).startsWith(hint)).toBe(true);
      expect(read(dist, 'app-layout.js')).toBe(`${hint}console.log("app-layout");\n//# sourceMappingURL=app-layout.js.map`);
      expect(read(dist, 'lazy-dialog.js')).toBe('console.log("lazy-dialog");\n');
      expect(read(dist, 'page.js')).toBe(`${hint}console.log("page");\n//# sourceMappingURL=page-map.js.map`);
      expect(JSON.parse(read(dist, 'page-map.js.map')).mappings).toBe(';AAAA');
      // An indexed map: its sections move down instead.
      const indexed = JSON.parse(read(dist, 'app-layout.js.map'));
      expect(indexed.mappings).toBeUndefined();
      expect(indexed.sections[0].offset).toEqual({ line: 1, column: 0 });
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('runs once per build: a second run changes nothing', () => {
    const dist = buildDirectory();
    try {
      run(dist);
      expect(run(dist)).toContain('Compile hints on 0 start-up scripts');
      expect(read(dist, 'runtime.js')).toBe(`${hint}console.log("runtime");\n`);
      expect(JSON.parse(read(dist, 'page-map.js.map')).mappings).toBe(';AAAA');
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
