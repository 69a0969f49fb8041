/**
 * Whether the signed-in account was made in this tab's session: the home page then welcomes it
 * rather than welcoming it back. Kept in sessionStorage, so a reload still knows, and a later visit
 * (another tab, another day, another device) is a return.
 */
const KEY = 'marketplace.new-account';

export function rememberNewAccount(userId: number): void {
  try {
    sessionStorage.setItem(KEY, String(userId));
  } catch {
    // Storage refused (private mode, quota): the greeting is "Welcome back", nothing worse.
  }
}

export function isNewAccount(userId: number): boolean {
  try {
    return sessionStorage.getItem(KEY) === String(userId);
  } catch {
    return false;
  }
}

/** At logout: signing in again later is a return. */
export function forgetNewAccount(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
