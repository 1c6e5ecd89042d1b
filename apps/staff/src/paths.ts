/** The router's basename: the app lives under /app/ (vite `base`, server static serving). */
export const APP_BASENAME = '/app';

/** Pages that work without a session, where a refused token must not sign anyone out. */
const PUBLIC_PATHS = ['/login', '/reset/password', '/sso/return'];

/** Whether a browser path (with or without the /app prefix) is a page seen before sign-in. */
export function isPublicPath(pathname: string): boolean {
  const path = pathname.startsWith(`${APP_BASENAME}/`) ? pathname.slice(APP_BASENAME.length) : pathname;
  return PUBLIC_PATHS.includes(path.replace(/\/+$/, ''));
}

/**
 * Turns a full path of the domain's STAFF_PATHS into the router's own (without /app), or null
 * when it lies outside the staff app (the MyCar portal) and needs a full page load.
 */
export function routerPath(fullPath: string): string | null {
  if (fullPath === APP_BASENAME) return '/';
  return fullPath.startsWith(`${APP_BASENAME}/`) ? fullPath.slice(APP_BASENAME.length) : null;
}
