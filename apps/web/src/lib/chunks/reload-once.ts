import { pageNavigation } from '../page-navigation';

const RELOADED_FOR = 'marketplace:chunk-reloaded-for';

/**
 * A chunk that is gone usually means a new deployment replaced the build this page came from:
 * reloading picks up the new one. Once per address, so a chunk missing from the new build too
 * shows its error instead of reloading for ever; never without storage to remember that.
 */
export function mayReloadFor(address: string): boolean {
  try {
    return sessionStorage.getItem(RELOADED_FOR) !== address;
  } catch {
    return false;
  }
}

export function reloadFor(address: string): void {
  try {
    sessionStorage.setItem(RELOADED_FOR, address);
  } catch {
    return;
  }
  pageNavigation.reload();
}
