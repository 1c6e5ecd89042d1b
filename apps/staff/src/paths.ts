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

/** The paths an order page leads to (router paths, under /app). */
export const orderPaths = {
  order: (storeId: string, id: string) =>
    `/store/${encodeURIComponent(storeId)}/inspectionOrder/${encodeURIComponent(id)}`,
  signOff: (storeId: string, id: string, query: { lang?: string; workerId?: string } = {}) => {
    const search = new URLSearchParams(
      Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    const base = `${orderPaths.order(storeId, id)}/signoff`;
    return search.size ? `${base}?${search}` : base;
  },
  ticket: (storeId: string, id: string) =>
    `/store/${encodeURIComponent(storeId)}/ticket/${encodeURIComponent(id)}`,
  history: (vehicleId: string, id: string) =>
    `/vehicle/${encodeURIComponent(vehicleId)}/history/${encodeURIComponent(id)}`,
};

/** The pages of an order's estimate (router paths, under /app). */
export const estimatePaths = {
  base: (storeId: string, id: string) =>
    `/store/${encodeURIComponent(storeId)}/inspectionOrder/${encodeURIComponent(id)}`,
  estimates: (storeId: string, id: string) => `${estimatePaths.base(storeId, id)}/estimates`,
  approvedWork: (storeId: string, id: string) => `${estimatePaths.base(storeId, id)}/approvedWork`,
  /** The one entry to an order's approval: approve-work once the estimate is done, else the estimate. */
  approval: (storeId: string, id: string) => `${estimatePaths.base(storeId, id)}/approval`,
};

/** The shop-management pages (router paths, under /app): the order's parts and work order, the technician's clock. */
export const workOrderPaths = {
  parts: (storeId: string, id: string) => `${orderPaths.order(storeId, id)}/parts`,
  workOrder: (storeId: string, id: string) => `${orderPaths.order(storeId, id)}/workOrder`,
  clock: (storeId: string, userId: string) => `/store/${encodeURIComponent(storeId)}/user/${encodeURIComponent(userId)}/clock`,
};
