/*
 * A visitor who clicks a heart logs in first; the listing waits here, in this tab, and is saved
 * when the heart shows again for the signed-in user (the login page brings them back to it).
 */

const KEY = 'favourite-after-login';
/** A login abandoned for longer than this does not save anything later. */
const KEPT_MS = 30 * 60_000;

export function rememberFavourite(listingId: number, now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ listingId, at: now }));
  } catch {
    // Storage off (private mode): the visitor saves it again after logging in.
  }
}

/** Whether `listingId` waited to be saved; asking forgets it, so it is saved once. */
export function takeRememberedFavourite(listingId: number, now = Date.now()): boolean {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { listingId?: unknown; at?: unknown } | null;
    if (!stored) return false;
    const fresh = typeof stored.at === 'number' && now - stored.at < KEPT_MS;
    if (stored.listingId !== listingId && fresh) return false;
    sessionStorage.removeItem(KEY);
    return fresh && stored.listingId === listingId;
  } catch {
    return false;
  }
}
