// npm run build:server (part of `npm run build`): compiles server.ts and background.ts (the process
// server.ts forks) with the lib/ modules each imports (the realtime server, the scheduler's jobs, the
// generated Prisma clients) into one CommonJS file each, dist/server.js and dist/background.js, so
// `npm start` runs plain JavaScript on Node: no TypeScript loader in the production processes (its
// transform cache, source maps and hooks thread cost memory and start-up time).
// Packages stay external: they are loaded from node_modules as Next's own bundle loads them.
// Route handlers and pages are not in it: Next compiles those in `next build`.
import { build } from 'esbuild';

const started = Date.now();
await build({
  entryPoints: ['server.ts', 'background.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  // `@/…` imports resolve through tsconfig.json's paths, as under tsx.
  tsconfig: 'tsconfig.json',
  // For `node --enable-source-maps dist/server.js` when a stack trace should name the .ts files.
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});
console.log(`dist/server.js and dist/background.js built in ${Date.now() - started} ms`);
