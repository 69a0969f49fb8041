import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { appConfig } from '../lib/app-config';

/**
 * The staff's area of the site, which no visitor's or user's page knows of: the server names its
 * address and code in the page's config only for a signed-in staff member (docs/decisions/030), so
 * neither its address nor its code is in anyone else's bytes. The first time a staff member's page
 * goes under that address, its routes load and join the site's (React Router's route discovery).
 */
interface StaffArea {
  /** Where the area lives: '/admin'. */
  path: string;
  /** Its code, built as an entry of its own. */
  script: string;
  styles: string[];
}

/** The id of the route the area's routes join (router.tsx). */
export const PAGES_ROUTE_ID = 'pages';

function staffArea(): StaffArea | undefined {
  const area = appConfig().staffArea as Partial<StaffArea> | undefined;
  if (typeof area?.path !== 'string' || typeof area.script !== 'string') return undefined;
  return { path: area.path, script: area.script, styles: Array.isArray(area.styles) ? area.styles : [] };
}

let joined: Promise<void> | undefined;

export const joinStaffArea: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const area = staffArea();
  if (!area || (path !== area.path && !path.startsWith(`${area.path}/`))) return;
  joined ??= (async () => {
    for (const href of area.styles) {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      document.head.append(link);
    }
    const module = (await import(/* @vite-ignore */ area.script)) as { staffRoutes: RouteObject[] };
    patch(PAGES_ROUTE_ID, module.staffRoutes);
  })();
  await joined;
};
