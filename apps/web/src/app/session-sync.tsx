import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { forgetSignedInUser, rememberSignedInUser } from '../lib/api/get-current-user';
import { onSessionElsewhere } from '../lib/session-channel';

/**
 * Follows a login or logout made in another tab of this browser (they share the session cookie): a
 * logout there signs this tab out at once, so a signed-in page here goes to the login page and its
 * real-time connection closes, instead of showing the old session's data until its next request.
 */
export function SessionSync() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionElsewhere((event) => {
        if (event.type === 'signed-out') forgetSignedInUser(queryClient);
        else rememberSignedInUser(queryClient, event.user);
      }),
    [queryClient],
  );
  return null;
}
