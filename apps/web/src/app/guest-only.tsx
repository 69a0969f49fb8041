import { Navigate, Outlet, useSearchParams } from 'react-router';
import { useCurrentUser } from '../lib/api/get-current-user';
import { safeRedirectPath } from '../lib/safe-redirect';

/**
 * Login and registration are for signed-out visitors. A signed-in one (including someone who has just
 * logged in here) goes where the login was asked to return to, on this site, or home.
 */
export function GuestOnly() {
  const { data: user, isPending } = useCurrentUser();
  const [searchParams] = useSearchParams();
  if (isPending) return null;
  return user ? <Navigate to={safeRedirectPath(searchParams.get('redirect'))} replace /> : <Outlet />;
}
