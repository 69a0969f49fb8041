import type { PatchRoutesOnNavigationFunction } from 'react-router';
import { appConfig } from '../lib/app-config';

/**
 * The staff's area of the site (the back-office, docs/decisions/030): the server names its address in
 * the page's config for signed-in staff members only, so no one else's page knows where it is. The
 * first time a staff member's page goes there, its code loads and its routes join the site's (React
 * Router's route discovery). Its code is a chunk of its own, never loaded otherwise; its chunks are
 * left out of the page's chunk table (build/chunk-addresses.ts), and its strings are a catalogue of
 * their own (build/precompiled-messages.ts).
 */

/** The id of the route the area's routes join (router.tsx). */
export const PAGES_ROUTE_ID = 'pages';

function staffAreaPath(): string | undefined {
  const area = appConfig().staffArea as { path?: unknown } | undefined;
  return typeof area?.path === 'string' && area.path.startsWith('/') ? area.path : undefined;
}

let joined: Promise<void> | undefined;

export const joinStaffArea: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const base = staffAreaPath();
  if (!base || (path !== base && !path.startsWith(`${base}/`))) return;
  joined ??= import('../features/admin/entry').then(({ staffRoutes }) => patch(PAGES_ROUTE_ID, staffRoutes(base)));
  await joined;
};
