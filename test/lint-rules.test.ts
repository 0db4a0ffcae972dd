// The lint rules that keep lib/'s import graph one-way (eslint.config.mjs, docs/architecture.md), run
// with the project's own config on probe modules: a setting that made a rule skip files would
// otherwise pass `npm run lint` silently.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const eslint = path.join(root, 'node_modules/eslint/bin/eslint.js');
/** Where the cycle probes are written (a cycle needs files on disk); git, knip and the lint ignore lib/lint-probe-*. */
const probeFolder = `lib/lint-probe-${process.pid}`;

type LintResult = { filePath: string; messages: { ruleId: string | null }[] };

/** ESLint's findings, rule ids per file (relative to the root). */
function runEslint(args: string[], stdin?: string): Promise<Record<string, (string | null)[]>> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [eslint, '--no-cache', '--no-ignore', '--format', 'json', ...args], { cwd: root }, (error, stdout, stderr) => {
      // ESLint exits 1 when it reports a problem; its JSON is on stdout either way.
      if (error && error.code !== 1) return reject(new Error(`eslint failed: ${stderr || error.message}`));
      const results = JSON.parse(stdout) as LintResult[];
      resolve(Object.fromEntries(results.map((result) => [path.relative(root, result.filePath), result.messages.map((message) => message.ruleId)])));
    });
    child.stdin?.end(stdin ?? '');
  });
}

/**
 * Lints a module that is not written anywhere, as if it were the file at `file`. import/no-cycle
 * needs the file on disk (it fails on one that is not), so it is left to the written probes.
 */
function lintAs(file: string, text: string) {
  return runEslint(['--rule', 'import/no-cycle: off', '--stdin', '--stdin-filename', file], text);
}

/** Writes the probes into probeFolder, lints them alone and removes the folder. */
async function lintWritten(files: Record<string, string>) {
  fs.mkdirSync(path.join(root, probeFolder), { recursive: true });
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(root, probeFolder, name), text);
    return await runEslint(Object.keys(files).map((name) => path.join(probeFolder, name)));
  } finally {
    fs.rmSync(path.join(root, probeFolder), { recursive: true, force: true });
  }
}

jest.setTimeout(60_000);

beforeAll(() => {
  // A run that was killed left its probes behind: they are ignored everywhere, and removed here.
  for (const entry of fs.readdirSync(path.join(root, 'lib'))) {
    const pid = /^lint-probe-(\d+)$/.exec(entry)?.[1];
    if (pid && !isRunning(Number(pid))) fs.rmSync(path.join(root, 'lib', entry), { recursive: true, force: true });
  }
});

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

it('reports a cycle of value imports, through a relative path and the @/ alias, and not one closed by a type-only import', async () => {
  const problems = await lintWritten({
    'a.ts': "import { b } from './b';\nexport const a = (): number => b() + 1;\n",
    'b.ts': `import { c } from '@/${probeFolder}/c';\nexport const b = (): number => c();\n`,
    'c.ts': "import { a } from './a';\nexport const c = (): number => (a.length ? 1 : 0);\n",
    'd.ts': "import { e } from './e';\nexport type D = { value: number };\nexport const d = (): number => e({ value: 1 });\n",
    'e.ts': "import type { D } from './d';\nexport const e = (input: D): number => input.value;\n",
  });
  expect(problems).toEqual({
    [`${probeFolder}/a.ts`]: ['import/no-cycle'],
    [`${probeFolder}/b.ts`]: ['import/no-cycle'],
    [`${probeFolder}/c.ts`]: ['import/no-cycle'],
    [`${probeFolder}/d.ts`]: [],
    [`${probeFolder}/e.ts`]: [],
  });
});

it('reports an import from a layer above, and none from a layer below', async () => {
  // lib/realtime is in the platform layer, lib/signals in the domain layer above it.
  expect(await lintAs('lib/realtime/lint-probe-up.ts', "import { decodeCursor } from '@/lib/signals/repository';\nexport const probe = decodeCursor;\n")).toEqual({
    'lib/realtime/lint-probe-up.ts': ['import/no-restricted-paths'],
  });
  expect(await lintAs('lib/signals/lint-probe-down.ts', "import { websocketPath } from '@/lib/realtime/ws-server';\nexport const probe = websocketPath;\n")).toEqual({
    'lib/signals/lint-probe-down.ts': [],
  });
});
