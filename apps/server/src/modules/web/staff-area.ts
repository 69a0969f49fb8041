import fs from 'node:fs';
import path from 'node:path';

/** The entry the web build writes the back-office to (apps/web/vite.config.ts). */
const STAFF_ENTRY = 'src/features/admin/entry.tsx';

/** Where the back-office lives on the site. */
export const STAFF_AREA_PATH = '/admin';

export interface StaffAreaAssets {
  path: string;
  script: string;
  styles: string[];
}

/**
 * The back-office's built script and styles, from the build's manifest; undefined when the build
 * has none (an old build, or the web app not built). Only a staff member's page is told of them.
 */
export function staffAreaAssets(distDir: string): StaffAreaAssets | undefined {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; css?: string[] } | undefined
  >;
  const entry = manifest[STAFF_ENTRY];
  if (!entry) return undefined;
  return { path: STAFF_AREA_PATH, script: `/${entry.file}`, styles: (entry.css ?? []).map((file) => `/${file}`) };
}

export const isStaffAreaPath = (pathname: string): boolean =>
  pathname === STAFF_AREA_PATH || pathname.startsWith(`${STAFF_AREA_PATH}/`);
