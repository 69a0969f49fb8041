import { useNavigate } from 'react-router';
import { useLogout } from '../features/auth/api/logout';
import { t } from '../lib/i18n/i18n-store';
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
        notify.info(t('shell.loggedOut'));
      },
      onError: () => notify.error(t('shell.logOutFailed')),
    });
  return { signOut, pending: logout.isPending };
}
