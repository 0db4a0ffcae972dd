// Two projects: `unit` (*.test.ts beside the code) and `integration` (*.int.test.ts, against a real
// database: a temporary SQLite file, or PostgreSQL on localhost when TEST_DATABASE_URL is set).
import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: import.meta.dirname });

const shared = {
  testEnvironment: 'node',
  moduleNameMapper: {
    '^server-only$': '<rootDir>/test/support/empty-module.js',
    '^@/(.*)$': '<rootDir>/$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/.next/', '/e2e/'],
};

// otplib 13 and its base32/crypto plugins ship ES modules only; let SWC transform them.
const esmPackages = ['otplib', '@otplib', '@scure', '@noble'];
async function project(config) {
  const resolved = await createJestConfig(config)();
  resolved.transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join('|')})/)`, '^.+\\.module\\.(css|sass|scss)$'];
  return resolved;
}

const config = async () => ({
  projects: [
    await project({
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/*.test.ts?(x)'],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '\\.int\\.test\\.tsx?$'],
    }),
    await project({
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/*.int.test.ts?(x)'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/close-connections.ts'],
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    }),
  ],
});

export default config;
