import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/api/get-current-user';
import { loginPathReturningTo } from '../lib/login-redirect';

/** Pages for signed-in users: a signed-out visitor logs in first and comes back to the same address. */
export function RequireAuth() {
  const { data: user, isPending, isError } = useCurrentUser();
  const { pathname, search, hash } = useLocation();
  if (isError) throw new Error('Could not check whether you are signed in.');
  if (isPending) return null;
  return user ? <Outlet /> : <Navigate to={loginPathReturningTo(`${pathname}${search}${hash}`)} replace />;
}
