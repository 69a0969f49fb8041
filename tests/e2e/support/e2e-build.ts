/**
 * What the browser tests' build differs in (playwright.config.ts passes these to the web build).
 * The app's own default chunk time-out, 120 000 ms, is asserted by its unit tests.
 */
export const E2E_CHUNK_TIMEOUT_MS = 10_000;

/** The hooks that build exposes (apps/web/src/app/e2e-hooks.ts), as the tests use them. */
export interface E2EHooks {
  notify: Record<'success' | 'error' | 'info', (message: string) => void>;
  get(url: string): Promise<number>;
}

declare global {
  interface Window {
    marketplaceE2E?: E2EHooks;
  }
}
