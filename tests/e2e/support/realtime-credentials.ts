/**
 * The embedded Pusher server's credentials in the browser tests (playwright.config.ts passes them to
 * the server), so a test can publish with the `pusher` SDK as the app's own code does.
 */
export const E2E_PUSHER = { appId: 'e2e-app', key: 'e2e-key', secret: 'e2e-secret-not-used-elsewhere' } as const;
