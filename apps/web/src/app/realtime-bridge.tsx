import type { User } from '@marketplace/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { currentUserQueryKey } from '../features/auth/api/get-current-user';
import { disconnectRealtime, listen } from '../lib/realtime';

/**
 * Keeps this tab in step with the user's other tabs and devices: while someone is signed in it
 * listens on their private channel, and `profile.updated` refreshes everything cached under
 * ['user'] (the header's user and the profile). Signing out closes the connection.
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

  useEffect(() => {
    if (userId === undefined) {
      if (signedOut) disconnectRealtime();
      return undefined;
    }
    return listen((channels) => channels.user(userId), {
      'profile.updated': () => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    });
  }, [userId, signedOut, queryClient]);

  return null;
}
