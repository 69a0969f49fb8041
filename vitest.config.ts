import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { precompiledMessages } from './apps/web/build/precompiled-messages.ts';

const apiProject = (
  name: string,
  env: Record<string, string>,
  exclude: string[] = [],
): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ['apps/server/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...exclude],
    environment: 'node',
    env,
    // One database server for the run, and a migrated template each test file's database is copied from.
    globalSetup: ['apps/server/test/database-server.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * The API tests run on the embedded PostgreSQL the app runs by default, and on the TEST_DATABASE_URL
 * server too when it is set (another PostgreSQL version, as a deployment's DATABASE_URL would be).
 */
const apiProjects = [
  apiProject('api', { TEST_DB_SERVER: 'embedded' }),
  // Start-up and the on-disk embedded database do not depend on the server under test: once is enough.
  ...(process.env.TEST_DATABASE_URL
    ? [
        apiProject('api (TEST_DATABASE_URL)', { TEST_DB_SERVER: 'url' }, [
          'apps/server/test/startup.test.ts',
          'apps/server/test/persistence.test.ts',
          'apps/server/test/embedded-*.test.ts',
        ]),
      ]
    : []),
];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/**/*.test.ts'], environment: 'node' } },
      {
        plugins: [react(), precompiledMessages()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // The components' tests share two cores with the API tests' databases; 5 s timed out there.
          testTimeout: 20_000,
        },
      },
      ...apiProjects,
    ],
  },
});
