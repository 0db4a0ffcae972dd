// The lint rules that keep lib/'s import graph one-way (eslint.config.mjs, docs/architecture.md), run
// with the project's own config on probe modules written into lib/ for the test: a setting that made
// a rule skip files would otherwise pass `npm run lint` silently.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(__dirname, '..');
const eslint = path.join(root, 'node_modules/eslint/bin/eslint.js');

type LintResult = { filePath: string; messages: { ruleId: string | null; message: string }[] };

/** Writes the probe files (paths relative to the root), lints them alone and removes them. */
async function lintProbe(files: Record<string, string>) {
  const written = Object.keys(files).map((file) => path.join(root, file));
  const folders = [...new Set(written.map((file) => path.dirname(file)))].filter((folder) => !fs.existsSync(folder));
  try {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
    // ESLint exits 1 when it reports a problem; its JSON is on stdout either way.
    const { stdout } = await promisify(execFile)(process.execPath, [eslint, '--no-cache', '--format', 'json', ...written], { cwd: root }).catch(
      (error: { stdout?: string; code?: number }) => {
        if (error.code === 1 && error.stdout) return { stdout: error.stdout };
        throw error;
      },
    );
    const results = JSON.parse(stdout) as LintResult[];
    return Object.fromEntries(results.map((result) => [path.relative(root, result.filePath), result.messages.map((message) => message.ruleId)]));
  } finally {
    for (const file of written) fs.rmSync(file, { force: true });
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  }
}

jest.setTimeout(60_000);

it('reports a cycle of value imports, through a relative path and the @/ alias, and not one closed by a type-only import', async () => {
  const problems = await lintProbe({
    'lib/lint-probe-cycle/a.ts': "import { b } from './b';\nexport const a = (): number => b() + 1;\n",
    'lib/lint-probe-cycle/b.ts': "import { c } from '@/lib/lint-probe-cycle/c';\nexport const b = (): number => c();\n",
    'lib/lint-probe-cycle/c.ts': "import { a } from './a';\nexport const c = (): number => (a.length ? 1 : 0);\n",
    'lib/lint-probe-types/d.ts': "import { e } from './e';\nexport type D = { value: number };\nexport const d = (): number => e({ value: 1 });\n",
    'lib/lint-probe-types/e.ts': "import type { D } from './d';\nexport const e = (input: D): number => input.value;\n",
  });
  expect(problems).toEqual({
    'lib/lint-probe-cycle/a.ts': ['import/no-cycle'],
    'lib/lint-probe-cycle/b.ts': ['import/no-cycle'],
    'lib/lint-probe-cycle/c.ts': ['import/no-cycle'],
    'lib/lint-probe-types/d.ts': [],
    'lib/lint-probe-types/e.ts': [],
  });
});

it('reports an import from a layer above, and none from a layer below', async () => {
  const problems = await lintProbe({
    // lib/realtime is in the platform layer, lib/signals in the domain layer above it.
    'lib/realtime/lint-probe-up.ts': "import { decodeCursor } from '@/lib/signals/repository';\nexport const probe = decodeCursor;\n",
    'lib/signals/lint-probe-down.ts': "import { websocketPath } from '@/lib/realtime/ws-server';\nexport const probe = websocketPath;\n",
  });
  expect(problems).toEqual({
    'lib/realtime/lint-probe-up.ts': ['import/no-restricted-paths'],
    'lib/signals/lint-probe-down.ts': [],
  });
});
