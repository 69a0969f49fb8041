import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumPath } from './tests/e2e/support/chromium';
import { E2E_DATA_DIR, E2E_DIR, E2E_PORT } from './tests/e2e/support/e2e-folders';
import { E2E_CHUNK_TIMEOUT_MS } from './tests/e2e/support/e2e-build';
import { E2E_PUSHER } from './tests/e2e/support/realtime-credentials';

const port = E2E_PORT;

export default defineConfig({
  testDir: 'tests/e2e',
  // One folder per server port, so runs side by side keep their own traces and screenshots.
  outputDir: `test-results/${port}`,
  fullyParallel: true,
  // Two browsers beside the server and its database on two cores: the suite took 7.1 min; three took
  // 8.2 (docs/testing.md). PLAYWRIGHT_WORKERS overrides.
  workers: Number(process.env.PLAYWRIGHT_WORKERS ?? 2),
  // No retries, on CI either: a test that fails once is a fault to fix at its cause (wait for the event
  // that matters), never to hide behind a second try.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  globalSetup: './tests/e2e/support/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // A page at rest: the home page's testimonials turn every 5 s with a fade, and an axe run that
    // met a slide half faded in read its words as too faint. What moves, and when, is proven with a
    // controlled clock in the components' tests; a browser test about motion sets its own.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node tests/e2e/support/start-server.mjs',
    url: `http://127.0.0.1:${port}/up`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The server then stops its embedded PostgreSQL itself (a SIGKILL would leave it running).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: E2E_DATA_DIR,
      WEB_DIST_DIR: path.join(E2E_DIR, 'web'),
      // Read by the web build (start-server.mjs builds with this environment): a chunk time-out short
      // enough to test, yet far above any real load on this machine, and the test hooks (app/e2e-hooks.ts).
      VITE_CHUNK_TIMEOUT_MS: String(E2E_CHUNK_TIMEOUT_MS),
      VITE_E2E_HOOKS: 'true',
      // Known credentials for the embedded Pusher server, so tests/e2e/realtime.spec.ts can publish.
      PUSHER_APP_ID: E2E_PUSHER.appId,
      PUSHER_APP_KEY: E2E_PUSHER.key,
      PUSHER_APP_SECRET: E2E_PUSHER.secret,
      // Every test signs up from 127.0.0.1: more sign-ups than one address gets in an hour.
      REGISTER_MAX_ATTEMPTS: '10000',
      // The same for password reset links asked from that one address.
      PASSWORD_RESET_IP_MAX_ATTEMPTS: '10000',
      // The every-page sweep's one seller writes a dozen unread messages to each of its buyers (a
      // member and a staff member per language per worker) to show the header's badges: more than
      // one person's 30 a minute. No browser test is about that limit (the API tests prove it).
      MESSAGES_PER_MINUTE: '10000',
      // Support tickets: every test writes from 127.0.0.1, and a browser test fills the form in well
      // under the minimum fill time a person takes (the API tests prove both rules).
      SUPPORT_TICKETS_PER_NETWORK: '10000',
      SUPPORT_MIN_FILL_SECONDS: '0',
    },
  },
});
