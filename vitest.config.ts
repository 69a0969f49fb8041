import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

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
    // PGlite's test databases start from one migrated dump (test-app.ts) instead of being created each time.
    globalSetup: env.TEST_DB_ENGINE === 'pglite' ? ['apps/server/test/pglite-template.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/** The API tests always run on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
const apiProjects = [
  // *.postgres.test.ts are about PostgreSQL itself (its connection pool): they run in the project below.
  apiProject('api (pglite)', { TEST_DB_ENGINE: 'pglite' }, ['apps/server/test/**/*.postgres.test.ts']),
  // Start-up and the on-disk embedded database do not depend on the engine under test: once is enough.
  ...(process.env.TEST_DATABASE_URL
    ? [
        apiProject('api (postgres)', { TEST_DB_ENGINE: 'postgres' }, [
          'apps/server/test/startup.test.ts',
          'apps/server/test/persistence.test.ts',
        ]),
      ]
    : []),
];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/**/*.test.ts'], environment: 'node' } },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      ...apiProjects,
    ],
  },
});
