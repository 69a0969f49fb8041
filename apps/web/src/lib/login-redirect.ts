import { paths } from './paths';

/** The login page's address that brings the visitor back to `returnTo` (a path on this site) afterwards. */
export function loginPathReturningTo(returnTo: string): string {
  if (!returnTo || returnTo === paths.home || returnTo.startsWith(paths.login)) return paths.login;
  return `${paths.login}?redirect=${encodeURIComponent(returnTo)}`;
}
