import { http } from '../lib/http';
import { notify } from '../lib/toasts/notify';

/**
 * Only in the browser tests' build (VITE_E2E_HOOKS=true): lets a test raise toasts and make API
 * calls the way a page does, for behaviours no page triggers yet (twenty toasts at once, a 401).
 */
export interface E2EHooks {
  notify: typeof notify;
  /** GET through the app's HTTP client; resolves to the status, or rejects as a page's call would. */
  get(url: string): Promise<number>;
}

declare global {
  interface Window {
    marketplaceE2E?: E2EHooks;
  }
}

window.marketplaceE2E = {
  notify,
  get: async (url) => (await http.get(url)).status,
};
