/**
 * Where the back-office lives on the site (docs/decisions/030). Only a staff member's page is told
 * (its config's `staffArea`); for anyone else the address names nothing (404).
 */
export const STAFF_AREA_PATH = '/admin';

export const isStaffAreaPath = (pathname: string): boolean =>
  pathname === STAFF_AREA_PATH || pathname.startsWith(`${STAFF_AREA_PATH}/`);
