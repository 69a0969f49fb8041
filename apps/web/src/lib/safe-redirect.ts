const PLACEHOLDER_ORIGIN = 'https://placeholder.invalid';

/** One `/`, then anything but another `/` or a `\`: a path on this site, never `//host` or `/\host`. */
const ON_THIS_SITE = /^\/(?![/\\])/;

/**
 * Where to go after login: only a path on this site. Anything that could leave it
 * (`//evil.example`, `https://...`, `/\evil`, `/.//evil`) falls back to the home page. The check is
 * made on the path as the URL parser normalised it, which is what the router will navigate to,
 * and on that path decoded, for whatever decodes it later.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/')) return fallback;
  try {
    const url = new URL(value, PLACEHOLDER_ORIGIN);
    if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return ON_THIS_SITE.test(path) && ON_THIS_SITE.test(decodeURIComponent(url.pathname)) ? path : fallback;
  } catch {
    return fallback;
  }
}
