/**
 * Every page address of the web app, in one place: links and redirects use these, never string
 * literals, and the server answers any other address with 404 (the app then shows its not-found
 * page). Its own entry point (`@marketplace/contracts/pages`), so the code every page loads takes
 * these few bytes and none of the schemas.
 */
export const PAGE_PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  profile: '/profile',
} as const;

export type PagePath = (typeof PAGE_PATHS)[keyof typeof PAGE_PATHS];

const pagePaths: ReadonlySet<string> = new Set(Object.values(PAGE_PATHS));

/** Whether `pathname` is one of the app's pages ('/profile/' too: the router takes it as '/profile'). */
export function isPagePath(pathname: string): boolean {
  return pagePaths.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}
