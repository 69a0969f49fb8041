import type { User } from '@marketplace/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { currentUserQueryKey, currentUserQueryOptions, forgetSignedInUser } from '../lib/api/get-current-user';
import { readCsrfToken } from '../lib/csrf';
import { pageNavigation } from '../lib/page-navigation';
import { disconnectRealtime, listen, renewRealtime } from '../lib/realtime';

/**
 * Keeps this tab in step with the user's other tabs and devices: while someone is signed in it
 * listens on their private channel, and `profile.updated` refreshes everything cached under
 * ['user'] (the header's user and the profile), as does a connection that was lost and is back.
 * Signing out closes the connection: what it signed belonged to the session. When the server ends
 * the session (a suspension, a logout on another device), it closes the connection, and the page
 * loads again signed out at once. A visitor's page keeps its own public channels (a product page's
 * listing) open.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  // Read from the cache itself: sign-out clears the cache, which a query observer would not follow.
  const user = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => queryClient.getQueryData<User | null>(currentUserQueryKey),
  );
  const userId = user?.id;
  const signedOut = user === null;
  const wasSignedIn = useRef(false);

  useEffect(() => {
    if (userId === undefined) {
      if (signedOut && wasSignedIn.current) disconnectRealtime();
      wasSignedIn.current = false;
      return undefined;
    }
    wasSignedIn.current = true;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    // The server ended the session that signed the connection. This tab's own logout or account
    // deletion does so too: its request is under way, or its answer brought a new CSRF token, and
    // its own code shows the user out. Any other end (a suspension, a sign-out from another device)
    // is shown here at once; still signed in (a password change elsewhere renewed the session), the
    // page listens on anew.
    const sessionEnded = () => {
      const token = readCsrfToken();
      const ownDoing = () => queryClient.isMutating() > 0 || readCsrfToken() !== token;
      if (ownDoing()) return;
      void queryClient.query({ ...currentUserQueryOptions(), staleTime: 0 }).then(
        (now) => {
          if (now !== null) renewRealtime();
          else if (!ownDoing()) {
            // The page's CSRF token died with the session (nothing replaced it), so the page loads
            // afresh, signed out; a page for signed-in users then asks to log in, and the login
            // page says why when a suspended account tries again.
            forgetSignedInUser(queryClient);
            pageNavigation.reload();
          }
        },
        // Unreachable: the next request the page makes will tell.
        () => undefined,
      );
    };
    return listen((channels) => channels.user(userId), {
      'profile.updated': refresh,
      reconnected: refresh,
      sessionEnded,
    });
  }, [userId, signedOut, queryClient]);

  return null;
}
