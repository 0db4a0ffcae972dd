// ESLint flat config: Next's Core Web Vitals and TypeScript rules, plus an import-cycle check.
// `npm run lint` runs it on the whole tree; `npm test` runs it first.
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

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
  ]),
  {
    // The file kinds Next's configs cover (a .cjs preload script is plain Node and stays outside).
    files: ['**/*.{js,jsx,mjs,ts,tsx,mts,cts}'],
    settings: { 'import/resolver': { typescript: { project: './tsconfig.json' } } },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
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
