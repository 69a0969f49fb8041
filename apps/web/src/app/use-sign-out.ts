import { useNavigate } from 'react-router';
import { useLogout } from '../features/auth/api/logout';
import { notify } from '../lib/toasts/notify';
import { paths } from '../lib/paths';

/** Logs out from any menu: back to the home page with a confirmation, or a message saying what failed. */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        void navigate(paths.home);
        notify.info('You have logged out.');
      },
      onError: () => notify.error('Could not log out. Check your connection and try again.'),
    });
  return { signOut, pending: logout.isPending };
}
