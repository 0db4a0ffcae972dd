// ESLint flat config: Next's Core Web Vitals and TypeScript rules, an import-cycle check and the
// layers of lib/ (docs/architecture.md). `npm run lint` runs it on the whole tree; `npm test` runs it first.
import fs from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// lib/, bottom to top: each part may import only the parts before it, so the import graph of lib/ has
// no circle and no arrow pointing back up. A name is a folder of lib/ or a file without its extension.
const layers = {
  platform: ['env', 'dates', 'clipboard', 'brand', 'utils', 'bounded-map', 'theme', 'en-us', 'format', 'csv', 'validation', 'pdf', 'secret', 'crypto', 'beta-storage',
    'http', 'realtime', 'cache', 'db', 'rate-limit', 'jobs', 'query-client'],
  domain: ['data-sources', 'market', 'signals', 'treasury', 'capital', 'metrics', 'affiliate', 'payments', 'reports', 'api-keys',
    'mail', 'auth', 'errors', 'feedback', 'ingest'],
  features: ['web', 'dashboard', 'analytics', 'chat', 'notifications', 'api-v1'],
  entry: ['background'],
};
const order = Object.values(layers).flat();
const pathOf = (name) => (fs.existsSync(`lib/${name}`) ? `./lib/${name}` : `./lib/${name}.ts`);
const layerZones = [
  ...order.slice(0, -1).map((name, index) => ({
    target: pathOf(name),
    from: order.slice(index + 1).map(pathOf),
    message: `lib/${name} sits below these parts of lib/ (eslint.config.mjs, docs/architecture.md): hand it what it needs from above instead.`,
  })),
  { target: './lib', from: ['./app', './components'], message: 'lib/ is below the app and its components.' },
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next*/**',
    'lib/generated/**',
    'node_modules/**',
    'coverage/**',
    'playwright-report/**',
    'test-results/**',
    '.data/**',
    'dist/**',
    'next-env.d.ts',
    // test/lint-rules.test.ts's probes (a cycle among them, on purpose), while it runs.
    'lib/lint-probe-*/**',
  ]),
  {
    // The file kinds Next's configs cover (a .cjs preload script is plain Node and stays outside).
    files: ['**/*.{js,jsx,mjs,ts,tsx,mts,cts}'],
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      // The import rules read the project's own modules only: import/no-cycle otherwise parsed every
      // package's type declarations to build its graph (four fifths of the lint's time), and no cycle
      // through a package can come back into the project. test/lint-rules.test.ts checks the rules.
      'import/ignore': ['[\\\\/]node_modules[\\\\/]'],
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: layerZones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // A preload script node loads with --require: CommonJS is its format.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
]);
