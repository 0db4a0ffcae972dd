/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // A second build directory lets a parallel e2e run keep its own build (see playwright.config.ts).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Load a route's server code when it is first requested rather than every page's at start: a
  // process serving the polled APIs keeps the pages nobody opened out of memory, and start-up does not
  // block the event loop just after the server reports ready (npm run bench:http).
  experimental: {
    preloadEntriesOnStart: false,
    // Fewer, larger client chunks: on a phone's link each request costs round trips of its own
    // (npm run bench:pages; docs/performance.md).
    turbopackChunking: { minChunkSize: 200_000, maxChunkCountPerGroup: 5, maxMergeChunkSize: 600_000 },
  },
  // `npm test` type-checks the whole tree before it builds; its build skips the second check.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === '1' },
  // Native and driver packages stay plain Node requires instead of being bundled.
  serverExternalPackages: ['better-sqlite3', 'pg', 'ioredis', '@prisma/adapter-better-sqlite3', '@prisma/adapter-pg'],
  // Content-Security-Policy and Permissions-Policy differ per page and carry a per-response nonce:
  // middleware.ts sets them (lib/web/security-headers.ts).
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
    ];
  },
};

module.exports = nextConfig;
