import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { precompiledMessages } from './apps/web/build/precompiled-messages.ts';

/**
 * The fuzz tests' seed (apps/server/test/fuzz/fuzz-settings.ts): FUZZ_SEED when given (`random` draws
 * one), else the commit's, so the same commit runs the same cases on every machine.
 */
function fuzzSeed(): { seed: number; from: string } {
  const given = process.env.FUZZ_SEED;
  if (given === 'random') return { seed: randomInt(2 ** 31), from: 'drawn at random' };
  if (given) return { seed: Number(given), from: 'FUZZ_SEED' };
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return { seed: Number.parseInt(commit.slice(0, 7), 16), from: `commit ${commit.slice(0, 7)}` };
  } catch {
    return { seed: 0, from: 'no git commit' };
  }
}
const fuzz = fuzzSeed();
if (!Number.isSafeInteger(fuzz.seed)) throw new Error(`FUZZ_SEED must be a whole number or "random"`);
console.log(`Fuzz seed ${fuzz.seed} (${fuzz.from}); FUZZ_SEED=${fuzz.seed} replays it.`);

/**
 * Test files run side by side in this many processes. The API tests spend most of their time waiting
 * for PostgreSQL, argon2 and sharp, which run outside the worker: measured on two cores, three workers
 * took the Vitest stage from 378 s (two) to 336 s; four took 373 s (docs/testing.md). VITEST_MAX_WORKERS overrides.
 */
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS ?? Math.max(2, Math.round(os.availableParallelism() * 1.5)));

const apiProject = (
  name: string,
  env: Record<string, string>,
  exclude: string[] = [],
): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ['apps/server/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...exclude],
    environment: 'node',
    env: { ...env, FUZZ_SEED: String(fuzz.seed) },
    // One database server for the run, and a migrated template each test file's database is copied from.
    globalSetup: ['apps/server/test/database-server.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share a worker's modules (each still builds its own app on its own database): importing
    // the whole server once per file was a third of the stage. No module mocks here (vi.mock), then.
    isolate: false,
  },
});

/**
 * The API tests (apps/server/test: each file on a database of its own) run on the embedded PostgreSQL
 * the app runs by default, and on the TEST_DATABASE_URL server too when it is set (another PostgreSQL
 * version, as a deployment's DATABASE_URL would be). The server's own tests that need no database
 * live beside its code (apps/server/src) and run once.
 */
const apiProjects = [
  apiProject('api', { TEST_DB_SERVER: 'embedded' }),
  // Start-up, shutdown, the on-disk embedded database and the media stores do not depend on the
  // server under test: once is enough. So are the fuzz tests: what they prove (no input gives a 5xx)
  // rests on the contracts' checks, the same whichever server answers, and every query runs on both
  // servers in the other files. They were a fifth of the second server's time. And the races: they
  // prove the order in which our code takes its row locks, which PostgreSQL keeps the same way in
  // every version; their queries run on both servers in orders-api and orders-transitions. They
  // were another fifth (docs/testing.md).
  ...(process.env.TEST_DATABASE_URL
    ? [
        apiProject('api (TEST_DATABASE_URL)', { TEST_DB_SERVER: 'url' }, [
          'apps/server/test/fuzz/**',
          'apps/server/test/startup.test.ts',
          'apps/server/test/persistence.test.ts',
          'apps/server/test/embedded-*.test.ts',
          'apps/server/test/shutdown-and-health.test.ts',
          'apps/server/test/media-s3.test.ts',
          'apps/server/test/media-public-url-s3.test.ts',
          'apps/server/test/cluster-behind-proxy.test.ts',
          'apps/server/test/realtime-across-processes.test.ts',
          'apps/server/test/orders-race.test.ts',
          'apps/server/test/orders-moderation-race.test.ts',
          'apps/server/test/orders-lost-race.test.ts',
        ]),
      ]
    : []),
];

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/**/*.test.ts'], environment: 'node' } },
      {
        plugins: [react(), precompiledMessages()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Worker threads, not processes: the same 615 tests took 151 s against 201 s in forks,
          // measured back to back (each file still gets its own jsdom and modules).
          pool: 'threads',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // The components' tests share two cores with the API tests' databases; 5 s timed out there.
          testTimeout: 20_000,
        },
      },
      // No database here: a test that asks for one finds no server (database-server.ts is not set up).
      { test: { name: 'server', include: ['apps/server/src/**/*.test.ts'], environment: 'node' } },
      ...apiProjects,
    ],
  },
});
